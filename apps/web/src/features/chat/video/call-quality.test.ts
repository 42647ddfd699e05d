import { describe, expect, it } from 'vitest';
import { figures, quality, sampleOf, type StatsSample } from './call-quality.js';

const sample = (over: Partial<StatsSample>): StatsSample => ({
  packetsReceived: 0,
  packetsLost: 0,
  bytesReceived: 0,
  roundTripTime: 0.05,
  expectVideo: true,
  at: 0,
  ...over,
});

describe("the call's quality in words (issue 25)", () => {
  it('reads loss, round trip and bitrate between two samples of cumulative counters', () => {
    const f = figures(sample({}), sample({ packetsReceived: 980, packetsLost: 20, bytesReceived: 375_000, roundTripTime: 0.12, at: 3000 }));
    expect(f.lossPercent).toBeCloseTo(2);
    expect(f.rttMs).toBeCloseTo(120);
    expect(f.kbps).toBeCloseTo(1000);
  });

  it('good video is buena; loss, a long round trip or a thin stream make it regular, then mala', () => {
    expect(quality({ lossPercent: 0.5, rttMs: 80, kbps: 900 }, true)).toBe('buena');
    expect(quality({ lossPercent: 3, rttMs: 80, kbps: 900 }, true)).toBe('regular');
    expect(quality({ lossPercent: 0, rttMs: 350, kbps: 900 }, true)).toBe('regular');
    expect(quality({ lossPercent: 0, rttMs: 80, kbps: 100 }, true)).toBe('regular');
    expect(quality({ lossPercent: 10, rttMs: 80, kbps: 900 }, true)).toBe('mala');
    expect(quality({ lossPercent: 0, rttMs: 700, kbps: 900 }, true)).toBe('mala');
    expect(quality({ lossPercent: 0, rttMs: 80, kbps: 2 }, false)).toBe('mala');
  });

  it('a sound-only call is not judged by a video bitrate', () => {
    expect(quality({ lossPercent: 0, rttMs: 80, kbps: 40 }, false)).toBe('buena');
    expect(quality({ lossPercent: 0, rttMs: 80, kbps: 40 }, true)).toBe('mala');
  });

  it('sums every inbound stream and takes the chosen pair’s round trip', () => {
    const report = new Map<string, Record<string, unknown>>([
      ['a', { type: 'inbound-rtp', kind: 'audio', packetsReceived: 100, packetsLost: 1, bytesReceived: 4000 }],
      ['v', { type: 'inbound-rtp', kind: 'video', packetsReceived: 300, packetsLost: 2, bytesReceived: 300_000 }],
      ['p1', { type: 'candidate-pair', nominated: false, state: 'waiting', currentRoundTripTime: 9 }],
      ['p2', { type: 'candidate-pair', nominated: true, state: 'succeeded', currentRoundTripTime: 0.04 }],
    ]) as unknown as RTCStatsReport;
    expect(sampleOf(report, true, 5)).toEqual({ packetsReceived: 400, packetsLost: 3, bytesReceived: 304_000, roundTripTime: 0.04, expectVideo: true, at: 5 });
  });
});

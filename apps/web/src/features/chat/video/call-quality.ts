/**
 * The network quality indicator's words from getStats() (issue 25): a call's packet loss, round
 * trip and the bitrate it receives, sampled every few seconds. Thresholds are the usual ones of
 * real-time media (ITU-T G.114's 150 ms one way ≈ 300 ms round trip for 'regular', 2 % loss is
 * where speech starts to break, 8 % where video freezes); video below 150 kbit/s is a slide show.
 */
export type CallQuality = 'buena' | 'regular' | 'mala';

export interface StatsSample {
  /** Inbound RTP packets received and lost, summed over the tracks (cumulative counters). */
  packetsReceived: number;
  packetsLost: number;
  /** Inbound RTP bytes (cumulative). */
  bytesReceived: number;
  /** The chosen candidate pair's current round trip, seconds (undefined before the first STUN answer). */
  roundTripTime: number | undefined;
  /** Whether video is expected from the other side (their camera on). */
  expectVideo: boolean;
  /** When the sample was taken, ms. */
  at: number;
}

export interface QualityFigures {
  lossPercent: number;
  rttMs: number | undefined;
  kbps: number;
}

/** Loss, round trip and bitrate between two samples (the counters are cumulative). */
export function figures(previous: StatsSample, current: StatsSample): QualityFigures {
  const received = current.packetsReceived - previous.packetsReceived;
  const lost = Math.max(0, current.packetsLost - previous.packetsLost);
  const seconds = Math.max(0.001, (current.at - previous.at) / 1000);
  return {
    lossPercent: received + lost > 0 ? (lost * 100) / (received + lost) : 0,
    rttMs: current.roundTripTime === undefined ? undefined : current.roundTripTime * 1000,
    kbps: ((current.bytesReceived - previous.bytesReceived) * 8) / 1000 / seconds,
  };
}

export function quality(f: QualityFigures, expectVideo: boolean): CallQuality {
  const rtt = f.rttMs ?? 0;
  // Nothing arrives at all (the sound alone is ~30 kbit/s): the call is not working.
  if (f.lossPercent >= 8 || rtt >= 600 || f.kbps < 8 || (expectVideo && f.kbps < 60)) return 'mala';
  if (f.lossPercent >= 2 || rtt >= 300 || (expectVideo && f.kbps < 150)) return 'regular';
  return 'buena';
}

/** Sums an RTCStatsReport into a sample: inbound RTP of every track and the selected candidate pair's RTT. */
export function sampleOf(report: RTCStatsReport, expectVideo: boolean, at: number): StatsSample {
  let packetsReceived = 0;
  let packetsLost = 0;
  let bytesReceived = 0;
  let roundTripTime: number | undefined;
  report.forEach((s: Record<string, unknown>) => {
    if (s.type === 'inbound-rtp') {
      packetsReceived += Number(s.packetsReceived ?? 0);
      packetsLost += Number(s.packetsLost ?? 0);
      bytesReceived += Number(s.bytesReceived ?? 0);
    } else if (s.type === 'candidate-pair' && (s.nominated === true || s.selected === true) && s.state === 'succeeded') {
      if (typeof s.currentRoundTripTime === 'number') roundTripTime = s.currentRoundTripTime;
    }
  });
  return { packetsReceived, packetsLost, bytesReceived, roundTripTime, expectVideo, at };
}

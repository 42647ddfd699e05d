/**
 * The video bench's lighter far ends (issue 25, decision 0054 "Session 14"): both sides of many
 * calls played by WebRTC peers in Node (werift, a WebRTC stack in TypeScript) instead of two
 * Chromium pages per call. A browser page encoding and decoding video costs about a third of a core
 * per call on this machine, so 10 and 25 calls at once measured Chromium, not the product. These
 * peers speak to the product exactly as the call's page does (`video-call.tsx`, `call-peer.ts`):
 * the patient's and the doctor's own sessions, the chat's WebSocket (`/api/chat/ws`), the TURN
 * credentials route, the same signalling frames in the same order (invite, accept, offer,
 * answer, trickled candidates, hang-up), relay-only ICE through the product's coturn, DTLS-SRTP
 * media both ways at a call's rates. What they do not do is encode or decode pictures: the
 * "first frame" here is the first whole video frame reassembled from its RTP packets (its first
 * packet, its last with the marker bit, none missing between), not a decoded one.
 *
 * Run as a child of `bench/video.ts` (`fork`, `--import tsx`), so that its CPU is its own:
 *   parent -> { type: 'prepare', base, calls, media }   child -> { type: 'ready' } (every socket joined)
 *   parent -> { type: 'go' }                            child -> { type: 'result', results }
 *   parent -> { type: 'received' }                      child -> { type: 'received', bytes, packets } (RTP payload received so far, all calls, both sides)
 *   parent -> { type: 'stop' }                          (hang up, close, exit)
 */
import crypto from 'node:crypto';
import { MediaStreamTrack, RTCPeerConnection, RtpHeader, RtpPacket, type RTCRtpTransceiver } from 'werift';
import WebSocket from 'ws';

export interface FarEndCall {
  /** The consultation's token (the socket's `?consulta=`). */
  token: string;
  /** Cookie headers of the patient's and the doctor's sessions. */
  patientCookie: string;
  doctorCookie: string;
}

/** What each side sends once the call is up: a phone call's audio and video rates. */
export interface FarEndMedia {
  /** Video bitrate, kbit/s. */
  videoKbps: number;
  /** Video frames a second. */
  fps: number;
}

/** Where a call's set-up time went, ms from the doctor's click: the callee's acceptance, the answer, ICE and DTLS connected, the first whole frame. */
export interface FarEndPhases {
  accepted: number;
  answered: number;
  connected: number;
}

export type FarEndResult = ({ ok: true; ms: number } & FarEndPhases) | { ok: false; error: string; frames: string[] };

type ParentMessage = { type: 'prepare'; base: string; calls: FarEndCall[]; media: FarEndMedia } | { type: 'go' } | { type: 'received' } | { type: 'stop' };

/** Opus at 32 kbit/s: one 80-byte packet every 20 ms (the same bytes each time: SRTP encrypts a copy). */
const AUDIO_PAYLOAD = Buffer.alloc(80, 0x3c);
const TICK_MS = 20;
/** Largest RTP payload a browser sends (under a 1200-byte MTU with SRTP's and TURN's headers). */
const MAX_PAYLOAD = 1100;
/** A call with no whole remote frame after this long counts as failed (the page's ring lasts 60 s). */
const TIMEOUT_MS = Number(process.env.VIDEO_BENCH_TIMEOUT_S ?? 120) * 1000;

interface Frame {
  type: string;
  callId?: string;
  sdp?: string;
  candidate?: { candidate: string; sdpMid?: string | null; sdpMLineIndex?: number | null } | null;
  code?: string;
  reason?: string;
  message?: string;
}

/** One member's chat socket, joined (its history received); frames of the call go to `onFrame`. */
async function join(base: string, token: string, rol: 'patient' | 'doctor', cookie: string, onFrame: (f: Frame) => void) {
  const url = `${base.replace(/^http/, 'ws')}/api/chat/ws?consulta=${encodeURIComponent(token)}&rol=${rol}&since=0`;
  const ws = new WebSocket(url, { headers: { cookie, origin: base } });
  await new Promise<void>((resolve, reject) => {
    ws.on('message', (raw: Buffer) => {
      const frame = JSON.parse(raw.toString('utf8')) as Frame;
      if (frame.type === 'history') resolve();
      else if (frame.type.startsWith('call-')) onFrame(frame);
    });
    ws.once('unexpected-response', (_req, res) => reject(new Error(`${rol} socket refused: ${res.statusCode}`)));
    ws.once('error', reject);
    ws.once('close', (code) => reject(new Error(`${rol} socket closed: ${code}`)));
  });
  return ws;
}

/** GET /api/video/turn as the page does (`get-video-turn.ts`). */
async function turn(base: string, token: string, rol: 'patient' | 'doctor', cookie: string) {
  const res = await fetch(`${base}/api/video/turn?consulta=${encodeURIComponent(token)}&rol=${rol}`, { headers: { cookie } });
  if (!res.ok) throw new Error(`${rol} TURN credentials: ${res.status} ${await res.text()}`);
  return (await res.json()) as { iceServers: { urls: string[]; username?: string; credential?: string }[]; relayOnly: boolean };
}

/**
 * What one side sends: audio every tick, video `fps` frames a second of `videoKbps`, each frame
 * split into RTP packets as a VP8 packetiser does (the payload descriptor's start bit on the first,
 * the marker bit on the last; the first frame a key frame). The bytes are not a picture: nothing
 * in the relay or the product looks inside SRTP.
 */
class Source {
  private audioSeq = 0;
  private videoSeq = 0;
  private frames = 0;
  private due = 0;
  constructor(
    private readonly audio: MediaStreamTrack,
    private readonly video: MediaStreamTrack,
    private readonly media: FarEndMedia,
  ) {}

  tick(now: number) {
    this.audio.writeRtp(new RtpPacket(new RtpHeader({ payloadType: 111, sequenceNumber: this.audioSeq++ & 0xffff, timestamp: (now * 48) >>> 0, ssrc: 1 }), AUDIO_PAYLOAD));
    if (now < this.due) return;
    this.due = now + 1000 / this.media.fps;
    const size = Math.max(200, Math.round((this.media.videoKbps * 1000) / 8 / this.media.fps));
    const timestamp = (now * 90) >>> 0;
    const packets = Math.ceil(size / MAX_PAYLOAD);
    for (let i = 0; i < packets; i += 1) {
      const body = Buffer.alloc(Math.min(MAX_PAYLOAD, size - i * MAX_PAYLOAD) + 1, 0x5a);
      body[0] = i === 0 ? 0x10 : 0x00; // VP8 payload descriptor: S (start of partition) on the first
      if (i === 0) body[1] = this.frames === 0 ? 0x50 : 0x51; // VP8 frame tag: key frame first
      this.video.writeRtp(new RtpPacket(new RtpHeader({ payloadType: 96, sequenceNumber: this.videoSeq++ & 0xffff, timestamp, marker: i === packets - 1, ssrc: 2 }), body));
    }
    this.frames += 1;
  }
}

/** Watches a received video track for its first whole frame: start, marker, no sequence number missing. */
function firstWholeFrame(onFrame: () => void) {
  const starts = new Map<number, number>();
  const seen = new Map<number, number>();
  let done = false;
  return (rtp: RtpPacket) => {
    if (done) return;
    const { timestamp, sequenceNumber, marker } = rtp.header;
    seen.set(timestamp, (seen.get(timestamp) ?? 0) + 1);
    if ((rtp.payload[0]! & 0x10) !== 0) starts.set(timestamp, sequenceNumber);
    const start = starts.get(timestamp);
    if (marker && start !== undefined && seen.get(timestamp) === ((sequenceNumber - start + 0x10000) & 0xffff) + 1) {
      done = true;
      onFrame();
    }
  };
}

/** One call: its two sockets, peers and sources. */
class Call {
  private readonly callId = crypto.randomUUID();
  private patientWs!: WebSocket;
  private doctorWs!: WebSocket;
  private doctorPc: RTCPeerConnection | undefined;
  private patientPc: RTCPeerConnection | undefined;
  /** Each side's TURN credentials, asked as the page asks them (the caller before the ring, the callee before accepting). */
  private doctorIce: Awaited<ReturnType<typeof turn>> | undefined;
  private patientIce: Awaited<ReturnType<typeof turn>> | undefined;
  readonly sources: Source[] = [];
  /** The call's signalling as this process saw it (ms from the click, side, direction, type): printed when it fails. */
  private readonly log: string[] = [];
  private started = 0;
  private readonly phases: FarEndPhases = { accepted: NaN, answered: NaN, connected: NaN };
  private earlyPatient: Frame[] = [];
  private earlyDoctor: Frame[] = [];
  /** RTP received by both sides (audio and video), to show that the media really flows at its rate. */
  readonly received = { bytes: 0, packets: 0 };
  private settle!: (r: FarEndResult) => void;
  readonly result = new Promise<FarEndResult>((resolve) => (this.settle = resolve));

  constructor(
    private readonly base: string,
    private readonly call: FarEndCall,
    private readonly media: FarEndMedia,
  ) {}

  private note(side: string, dir: string, f: Frame) {
    this.log.push(`${Math.round(performance.now() - this.started)} ${side} ${dir} ${f.type}${f.code ? ` ${f.code}` : ''}${f.reason ? ` ${f.reason}` : ''}`);
    if (this.log.length > 40) this.log.shift();
  }

  private send(side: 'patient' | 'doctor', frame: Record<string, unknown> & { type: string }) {
    const full = { consulta: this.call.token, callId: this.callId, ...frame };
    this.note(side, 'out', full);
    (side === 'patient' ? this.patientWs : this.doctorWs).send(JSON.stringify(full));
  }

  async open() {
    this.patientWs = await join(this.base, this.call.token, 'patient', this.call.patientCookie, (f) => void this.onPatient(f).catch((e) => this.fail(e)));
    this.doctorWs = await join(this.base, this.call.token, 'doctor', this.call.doctorCookie, (f) => void this.onDoctor(f).catch((e) => this.fail(e)));
  }

  private fail(error: unknown) {
    this.settle({ ok: false, error: error instanceof Error ? error.message : String(error), frames: this.log });
  }

  /** The doctor's click: TURN credentials, then the ring (as `video-call.tsx` does). */
  async go() {
    this.started = performance.now();
    const timer = setTimeout(() => this.fail(new Error(`no whole remote frame within ${TIMEOUT_MS / 1000} s`)), TIMEOUT_MS);
    void this.result.finally(() => clearTimeout(timer));
    try {
      this.doctorIce = await turn(this.base, this.call.token, 'doctor', this.call.doctorCookie);
      this.send('doctor', { type: 'call-invite', audioOnly: false });
    } catch (error) {
      this.fail(error);
    }
  }

  /** A peer connection of one side, with its audio and video source; candidates trickled as `call-ice`. */
  private peer(side: 'patient' | 'doctor', ice: Awaited<ReturnType<typeof turn>>) {
    const pc = new RTCPeerConnection({
      iceServers: ice.iceServers.flatMap((s) => s.urls.map((urls) => ({ urls, username: s.username, credential: s.credential }))),
      iceTransportPolicy: ice.relayOnly ? 'relay' : 'all',
    });
    pc.onTrack.subscribe((track) =>
      track.onReceiveRtp.subscribe((rtp) => {
        this.received.bytes += rtp.payload.length;
        this.received.packets += 1;
      }),
    );
    pc.onIceCandidate.subscribe((c) => {
      const json = c?.toJSON();
      this.send(side, { type: 'call-ice', candidate: json ? { candidate: json.candidate, sdpMid: json.sdpMid ?? null, sdpMLineIndex: json.sdpMLineIndex ?? null } : null });
    });
    return pc;
  }

  private source(audio: RTCRtpTransceiver | MediaStreamTrack, video: RTCRtpTransceiver | MediaStreamTrack) {
    const a = audio instanceof MediaStreamTrack ? audio : new MediaStreamTrack({ kind: 'audio' });
    const v = video instanceof MediaStreamTrack ? video : new MediaStreamTrack({ kind: 'video' });
    if (!(audio instanceof MediaStreamTrack)) void audio.sender.replaceTrack(a);
    if (!(video instanceof MediaStreamTrack)) void video.sender.replaceTrack(v);
    this.sources.push(new Source(a, v, this.media));
  }

  private async onPatient(f: Frame) {
    this.note('patient', 'in', f);
    if (f.type === 'call-error' || f.type === 'call-hangup') throw new Error(`patient got ${f.type} ${f.code ?? f.reason ?? ''}: ${f.message ?? ''}`);
    if (f.callId !== this.callId) return;
    if (f.type === 'call-invite') {
      // 'Contestar': the callee's credentials, then the acceptance.
      this.patientIce = await turn(this.base, this.call.token, 'patient', this.call.patientCookie);
      return this.send('patient', { type: 'call-accept' });
    }
    if (f.type === 'call-offer') {
      const pc = (this.patientPc = this.peer('patient', this.patientIce!));
      await pc.setRemoteDescription({ type: 'offer', sdp: f.sdp! });
      const [audio, video] = [pc.getTransceivers().find((t) => t.kind === 'audio')!, pc.getTransceivers().find((t) => t.kind === 'video')!];
      for (const t of [audio, video]) t.setDirection('sendrecv');
      this.source(audio, video);
      await pc.setLocalDescription(await pc.createAnswer());
      this.send('patient', { type: 'call-answer', sdp: pc.localDescription!.sdp });
      for (const early of this.earlyPatient.splice(0)) await this.onPatient(early);
      return;
    }
    if (f.type === 'call-ice') {
      if (!this.patientPc?.remoteDescription) return void this.earlyPatient.push(f);
      if (f.candidate) await this.patientPc.addIceCandidate(f.candidate);
    }
  }

  private async onDoctor(f: Frame) {
    this.note('doctor', 'in', f);
    if (f.type === 'call-error' || f.type === 'call-hangup' || f.type === 'call-decline') throw new Error(`doctor got ${f.type} ${f.code ?? f.reason ?? ''}: ${f.message ?? ''}`);
    if (f.callId !== this.callId) return;
    if (f.type === 'call-accept') {
      this.phases.accepted = performance.now() - this.started;
      // The caller's peer: its tracks and the call's first offer at once (`CallPeer`).
      const pc = (this.doctorPc = this.peer('doctor', this.doctorIce!));
      const audio = new MediaStreamTrack({ kind: 'audio' });
      const video = new MediaStreamTrack({ kind: 'video' });
      pc.addTransceiver(audio, { direction: 'sendrecv' });
      pc.addTransceiver(video, { direction: 'sendrecv' });
      this.source(audio, video);
      pc.connectionStateChange.subscribe((state) => {
        if (state === 'connected' && Number.isNaN(this.phases.connected)) this.phases.connected = performance.now() - this.started;
      });
      pc.onTrack.subscribe((track) => {
        if (track.kind !== 'video') return;
        track.onReceiveRtp.subscribe(firstWholeFrame(() => this.settle({ ok: true, ms: performance.now() - this.started, ...this.phases })));
      });
      await pc.setLocalDescription(await pc.createOffer());
      this.send('doctor', { type: 'call-offer', sdp: pc.localDescription!.sdp, iceRestart: false });
      return;
    }
    if (f.type === 'call-answer') {
      this.phases.answered = performance.now() - this.started;
      await this.doctorPc!.setRemoteDescription({ type: 'answer', sdp: f.sdp! });
      for (const early of this.earlyDoctor.splice(0)) await this.onDoctor(early);
      return;
    }
    if (f.type === 'call-ice') {
      if (!this.doctorPc?.remoteDescription) return void this.earlyDoctor.push(f);
      if (f.candidate) await this.doctorPc.addIceCandidate(f.candidate);
    }
  }

  async stop() {
    if (this.doctorWs?.readyState === WebSocket.OPEN) this.send('doctor', { type: 'call-hangup', reason: 'ended' });
    await Promise.allSettled([this.doctorPc?.close(), this.patientPc?.close()]);
    this.patientWs?.close();
    this.doctorWs?.close();
  }
}

let calls: Call[] = [];
let ticker: ReturnType<typeof setInterval> | undefined;

process.on('message', (message: ParentMessage) => {
  void (async () => {
    if (message.type === 'prepare') {
      calls = message.calls.map((c) => new Call(message.base, c, message.media));
      for (const call of calls) await call.open();
      process.send!({ type: 'ready' });
    } else if (message.type === 'go') {
      // One clock for every source: audio each tick, video when its frame is due.
      ticker = setInterval(() => {
        const now = performance.now();
        for (const call of calls) for (const source of call.sources) source.tick(now);
      }, TICK_MS);
      await Promise.all(calls.map((c) => c.go()));
      process.send!({ type: 'result', results: await Promise.all(calls.map((c) => c.result)) });
    } else if (message.type === 'received') {
      process.send!({ type: 'received', bytes: calls.reduce((n, c) => n + c.received.bytes, 0), packets: calls.reduce((n, c) => n + c.received.packets, 0) });
    } else if (message.type === 'stop') {
      clearInterval(ticker);
      await Promise.allSettled(calls.map((c) => c.stop()));
      process.exit(0);
    }
  })().catch((error: unknown) => {
    process.send!({ type: 'error', error: error instanceof Error ? error.message : String(error) });
  });
});

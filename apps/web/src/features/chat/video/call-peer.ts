import type { IceCandidateJson } from '@clinica/shared';
import { figures, quality, sampleOf, type CallQuality, type StatsSample } from './call-quality.js';

/**
 * A frame this side sends (decision 0053's `videoClientFrameSchema`), before the page adds the
 * consultation and the call's id. The media never crosses the server: descriptions, candidates
 * and the microphone/camera state only.
 */
export type PeerFrame =
  | { type: 'call-offer'; sdp: string; iceRestart: boolean }
  | { type: 'call-answer'; sdp: string }
  | { type: 'call-ice'; candidate: IceCandidateJson | null }
  | { type: 'call-restart' }
  | { type: 'call-media'; audio: boolean; video: boolean };

/** What the other side tells about its microphone and camera (`call-media`). */
export interface PeerMedia {
  mic: boolean;
  cam: boolean;
}

export type PeerState = 'connecting' | 'connected' | 'reconnecting' | 'failed' | 'closed';

export interface CallPeerOptions {
  iceServers: RTCIceServer[];
  /** Relay-only (TURN): the other side never learns this device's addresses. */
  relayOnly: boolean;
  /**
   * The side that made the call's first offer (the inviter, decision 0053): it sends every offer,
   * ICE restarts included; the other side asks it with `call-restart`. The callee is also the
   * polite side of a collision (the WebRTC specification's perfect negotiation).
   */
  caller: boolean;
  send: (frame: PeerFrame) => void;
  local: MediaStream;
  onRemoteStream: (stream: MediaStream) => void;
  onState: (state: PeerState) => void;
  onQuality: (quality: CallQuality) => void;
  /** For tests: the constructor of the peer connection. */
  Peer?: typeof RTCPeerConnection;
}

/** A 'disconnected' ICE state that lasts this long is treated as a drop: ICE restarts. */
const DISCONNECTED_GRACE_MS = 2_000;
/** A restart that has not connected within this long is tried again (the 10 s to recover). */
const RESTART_RETRY_MS = 4_000;
/** How often the quality indicator reads getStats(). */
const STATS_EVERY_MS = 3_000;

/**
 * One side of a one-to-one call on the browser's own RTCPeerConnection. The caller offers (its
 * tracks and the call's first offer as soon as it is built); the callee answers, its tracks
 * joining the offered transceivers. A drop (ICE 'failed', or 'disconnected' for 2 s), the device
 * coming back online or changing network restarts ICE: the caller with an `iceRestart` offer, the
 * callee by asking the caller (`call-restart`); a restart that does not connect is tried again.
 */
export class CallPeer {
  readonly pc: RTCPeerConnection;
  private makingOffer = false;
  private ignoreOffer = false;
  private restarting = false;
  private media: PeerMedia;
  private closed = false;
  private graceTimer: ReturnType<typeof setTimeout> | undefined;
  private retryTimer: ReturnType<typeof setTimeout> | undefined;
  private statsTimer: ReturnType<typeof setInterval> | undefined;
  private lastSample: StatsSample | undefined;
  private peerCam = true;
  private readonly restartNow = () => this.restart();

  constructor(private options: CallPeerOptions) {
    const Peer = options.Peer ?? RTCPeerConnection;
    this.pc = new Peer({ iceServers: options.iceServers, iceTransportPolicy: options.relayOnly ? 'relay' : 'all' });
    const audio = options.local.getAudioTracks()[0];
    const video = options.local.getVideoTracks()[0];
    this.media = { mic: audio?.enabled ?? false, cam: video?.enabled ?? false };

    this.pc.onnegotiationneeded = async () => {
      // Only the caller offers (decision 0053); the callee's tracks ride on the caller's transceivers.
      if (!options.caller || this.makingOffer) return;
      await this.offer();
    };
    this.pc.onicecandidate = ({ candidate }) => options.send({ type: 'call-ice', candidate: candidate ? (candidate.toJSON() as IceCandidateJson) : null });
    this.pc.ontrack = ({ track, streams }) => options.onRemoteStream(streams[0] ?? new MediaStream([track]));
    this.pc.oniceconnectionstatechange = () => this.watch();
    this.pc.onconnectionstatechange = () => this.watch();
    window.addEventListener('online', this.restartNow);
    // The device moved to another network (Wi-Fi to mobile data): the old candidates are gone.
    (navigator as Navigator & { connection?: EventTarget }).connection?.addEventListener?.('change', this.restartNow);

    if (audio) this.pc.addTrack(audio, options.local);
    if (video) this.pc.addTrack(video, options.local);
    options.onState('connecting');
    this.statsTimer = setInterval(() => void this.measure(), STATS_EVERY_MS);
  }

  /** A frame of the other side about this call. */
  async handle(frame: { type: string; sdp?: string; candidate?: IceCandidateJson | null; audio?: boolean; video?: boolean }) {
    if (this.closed) return;
    switch (frame.type) {
      case 'call-offer':
      case 'call-answer': {
        const description: RTCSessionDescriptionInit = { type: frame.type === 'call-offer' ? 'offer' : 'answer', sdp: frame.sdp ?? '' };
        const collision = description.type === 'offer' && (this.makingOffer || this.pc.signalingState !== 'stable');
        this.ignoreOffer = this.options.caller && collision;
        if (this.ignoreOffer) return;
        await this.pc.setRemoteDescription(description);
        if (description.type === 'offer') {
          await this.pc.setLocalDescription();
          const answer = this.pc.localDescription;
          if (answer) this.options.send({ type: 'call-answer', sdp: answer.sdp });
        }
        return;
      }
      case 'call-ice':
        try {
          await this.pc.addIceCandidate(frame.candidate ?? undefined);
        } catch (error) {
          // A candidate of an offer this side ignored in a collision is expected to fail.
          if (!this.ignoreOffer) throw error;
        }
        return;
      case 'call-restart':
        if (this.options.caller) this.restart();
        return;
      case 'call-media':
        this.peerCam = frame.video !== false;
        return;
    }
  }

  /** Turns the microphone on or off; the other side is told (it shows 'Micrófono apagado'). */
  setMic(on: boolean) {
    for (const track of this.options.local.getAudioTracks()) track.enabled = on;
    this.media = { ...this.media, mic: on };
    this.tell();
  }

  /** Turns the camera on or off; the other side is told (it shows 'Cámara apagada'). */
  setCam(on: boolean) {
    for (const track of this.options.local.getVideoTracks()) track.enabled = on;
    this.media = { ...this.media, cam: on };
    this.tell();
  }

  /** Sends this side's microphone and camera state (also once connected, for a late joiner). */
  tell() {
    if (!this.closed) this.options.send({ type: 'call-media', audio: this.media.mic, video: this.media.cam });
  }

  /**
   * The device's new tracks (another camera, front/back, another microphone): each sender's track
   * is replaced, no renegotiation; the microphone and camera stay as the person left them.
   */
  async replaceStream(stream: MediaStream) {
    this.options.local = stream;
    for (const track of stream.getAudioTracks()) track.enabled = this.media.mic;
    for (const track of stream.getVideoTracks()) track.enabled = this.media.cam;
    for (const sender of this.pc.getSenders()) {
      const kind = sender.track?.kind ?? null;
      const track = kind === 'audio' ? stream.getAudioTracks()[0] : kind === 'video' ? stream.getVideoTracks()[0] : undefined;
      if (track) await sender.replaceTrack(track);
    }
  }

  /** ICE again with fresh candidates (a drop, a new network): the caller offers, the callee asks. */
  restart() {
    if (this.closed) return;
    this.options.onState('reconnecting');
    this.restarting = true;
    clearTimeout(this.retryTimer);
    if (this.options.caller) void this.offer(true);
    else this.options.send({ type: 'call-restart' });
    this.retryTimer = setTimeout(() => {
      if (this.restarting) this.restart();
    }, RESTART_RETRY_MS);
  }

  close() {
    if (this.closed) return;
    this.closed = true;
    clearTimeout(this.graceTimer);
    clearTimeout(this.retryTimer);
    clearInterval(this.statsTimer);
    window.removeEventListener('online', this.restartNow);
    (navigator as Navigator & { connection?: EventTarget }).connection?.removeEventListener?.('change', this.restartNow);
    this.pc.close();
    this.options.onState('closed');
  }

  private async offer(iceRestart = false) {
    try {
      this.makingOffer = true;
      if (iceRestart) this.pc.restartIce();
      await this.pc.setLocalDescription();
      const offer = this.pc.localDescription;
      if (offer?.type === 'offer') this.options.send({ type: 'call-offer', sdp: offer.sdp, iceRestart });
    } catch {
      // An offer overtaken by the other side's: the next restart or negotiation sends a fresh one.
    } finally {
      this.makingOffer = false;
    }
  }

  private watch() {
    if (this.closed) return;
    const ice = this.pc.iceConnectionState;
    clearTimeout(this.graceTimer);
    if (ice === 'connected' || ice === 'completed') {
      if (this.restarting || this.lastSample === undefined) this.tell();
      this.restarting = false;
      clearTimeout(this.retryTimer);
      this.options.onState('connected');
    } else if (ice === 'failed' || this.pc.connectionState === 'failed') this.restart();
    else if (ice === 'disconnected') {
      this.options.onState('reconnecting');
      // Often a moment's loss that ICE recovers by itself; if not, a restart after the grace.
      this.graceTimer = setTimeout(() => {
        if (this.pc.iceConnectionState === 'disconnected') this.restart();
      }, DISCONNECTED_GRACE_MS);
    }
  }

  private async measure() {
    if (this.closed || this.pc.connectionState !== 'connected') return;
    const sample = sampleOf(await this.pc.getStats(), this.peerCam, performance.now());
    if (this.lastSample) this.options.onQuality(quality(figures(this.lastSample, sample), sample.expectVideo));
    this.lastSample = sample;
  }
}

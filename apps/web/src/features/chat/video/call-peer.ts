import { figures, quality, sampleOf, type CallQuality, type StatsSample } from './call-quality.js';

/**
 * What the two pages say to each other about a call, carried by the chat's WebSocket (the server
 * checks who may send it and passes it only to the consultation's other member; decision 0053).
 * The media never crosses it: descriptions and candidates only.
 */
export type CallSignal =
  | { kind: 'invite'; video: boolean }
  | { kind: 'accept' }
  | { kind: 'decline' }
  | { kind: 'hangup' }
  | { kind: 'description'; description: RTCSessionDescriptionInit }
  | { kind: 'candidate'; candidate: RTCIceCandidateInit | null };

/** What each side tells the other through the call's own data channel: its microphone and camera. */
export interface PeerMedia {
  mic: boolean;
  cam: boolean;
}

export type PeerState = 'connecting' | 'connected' | 'reconnecting' | 'failed' | 'closed';

export interface CallPeerOptions {
  iceServers: RTCIceServer[];
  /** Relay-only (TURN): the other side never learns this device's addresses. */
  relayOnly: boolean;
  /** The polite side rolls its own offer back when both offer at once (perfect negotiation); the patient. */
  polite: boolean;
  send: (signal: CallSignal) => void;
  local: MediaStream;
  onRemoteStream: (stream: MediaStream) => void;
  onState: (state: PeerState) => void;
  onPeerMedia: (media: PeerMedia) => void;
  onQuality: (quality: CallQuality) => void;
  /** For tests: the constructor of the peer connection. */
  Peer?: typeof RTCPeerConnection;
}

/** A 'disconnected' ICE state that lasts this long is treated as a drop: ICE restarts. */
const DISCONNECTED_GRACE_MS = 2_000;
/** How often the quality indicator reads getStats(). */
const STATS_EVERY_MS = 3_000;
/** The data channel is negotiated with a fixed id on both sides: no extra round of signalling. */
const MEDIA_CHANNEL_ID = 0;

/**
 * One side of a one-to-one call on the browser's own RTCPeerConnection, the "perfect negotiation"
 * pattern of the WebRTC specification: either side may (re)negotiate, a collision is settled by
 * politeness, so an ICE restart can start from whichever side saw the drop. The caller offers;
 * the callee answers (its tracks join the offered transceivers, so no second offer is needed).
 */
export class CallPeer {
  readonly pc: RTCPeerConnection;
  private makingOffer = false;
  private ignoreOffer = false;
  private channel: RTCDataChannel;
  private media: PeerMedia;
  private closed = false;
  private graceTimer: ReturnType<typeof setTimeout> | undefined;
  private statsTimer: ReturnType<typeof setInterval> | undefined;
  private lastSample: StatsSample | undefined;
  private peerMedia: PeerMedia = { mic: true, cam: true };
  private readonly restartOnline = () => this.restart();

  constructor(private options: CallPeerOptions) {
    const Peer = options.Peer ?? RTCPeerConnection;
    this.pc = new Peer({ iceServers: options.iceServers, iceTransportPolicy: options.relayOnly ? 'relay' : 'all' });
    const audio = options.local.getAudioTracks()[0];
    const video = options.local.getVideoTracks()[0];
    this.media = { mic: audio?.enabled ?? false, cam: video?.enabled ?? false };
    this.channel = this.pc.createDataChannel('estado', { negotiated: true, id: MEDIA_CHANNEL_ID });
    this.channel.onopen = () => this.tell();
    this.channel.onmessage = (event: MessageEvent<string>) => this.heard(event.data);

    this.pc.onnegotiationneeded = async () => {
      try {
        this.makingOffer = true;
        await this.pc.setLocalDescription();
        if (this.pc.localDescription) options.send({ kind: 'description', description: this.pc.localDescription.toJSON() as RTCSessionDescriptionInit });
      } catch {
        // A negotiation overtaken by the other side's offer: theirs wins, nothing to send.
      } finally {
        this.makingOffer = false;
      }
    };
    this.pc.onicecandidate = ({ candidate }) => options.send({ kind: 'candidate', candidate: candidate ? candidate.toJSON() : null });
    this.pc.ontrack = ({ track, streams }) => {
      const stream = streams[0] ?? new MediaStream([track]);
      options.onRemoteStream(stream);
    };
    this.pc.oniceconnectionstatechange = () => this.watch();
    this.pc.onconnectionstatechange = () => this.watch();
    window.addEventListener('online', this.restartOnline);
    // The device moved to another network (Wi-Fi to mobile data): the old candidates are gone.
    (navigator as Navigator & { connection?: EventTarget }).connection?.addEventListener?.('change', this.restartOnline);

    // Sending both kinds always (a transceiver without a track while the camera is off), so the
    // camera can come on later by replaceTrack without renegotiating.
    if (audio) this.pc.addTrack(audio, options.local);
    if (video) this.pc.addTrack(video, options.local);
    options.onState('connecting');
    this.statsTimer = setInterval(() => void this.measure(), STATS_EVERY_MS);
  }

  /** A signal from the other side. */
  async handle(signal: CallSignal) {
    if (this.closed) return;
    if (signal.kind === 'description') {
      const { description } = signal;
      const collision = description.type === 'offer' && (this.makingOffer || this.pc.signalingState !== 'stable');
      this.ignoreOffer = !this.options.polite && collision;
      if (this.ignoreOffer) return;
      await this.pc.setRemoteDescription(description);
      if (description.type === 'offer') {
        await this.pc.setLocalDescription();
        if (this.pc.localDescription) this.options.send({ kind: 'description', description: this.pc.localDescription.toJSON() as RTCSessionDescriptionInit });
      }
    } else if (signal.kind === 'candidate') {
      try {
        await this.pc.addIceCandidate(signal.candidate ?? undefined);
      } catch (error) {
        // A candidate of the offer this side ignored in a collision is expected to fail.
        if (!this.ignoreOffer) throw error;
      }
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

  /** ICE again with fresh candidates (a drop, a new network); either side may start it. */
  restart() {
    if (this.closed) return;
    this.options.onState('reconnecting');
    this.pc.restartIce();
  }

  close() {
    if (this.closed) return;
    this.closed = true;
    clearTimeout(this.graceTimer);
    clearInterval(this.statsTimer);
    window.removeEventListener('online', this.restartOnline);
    (navigator as Navigator & { connection?: EventTarget }).connection?.removeEventListener?.('change', this.restartOnline);
    this.channel.close();
    this.pc.close();
    this.options.onState('closed');
  }

  private watch() {
    if (this.closed) return;
    const ice = this.pc.iceConnectionState;
    clearTimeout(this.graceTimer);
    if (ice === 'connected' || ice === 'completed') this.options.onState('connected');
    else if (ice === 'failed' || this.pc.connectionState === 'failed') this.restart();
    else if (ice === 'disconnected') {
      this.options.onState('reconnecting');
      // Often a moment's loss that ICE recovers by itself; if not, a restart within the grace.
      this.graceTimer = setTimeout(() => {
        if (this.pc.iceConnectionState === 'disconnected') this.restart();
      }, DISCONNECTED_GRACE_MS);
    }
  }

  private tell() {
    if (this.channel.readyState === 'open') this.channel.send(JSON.stringify(this.media));
  }

  private heard(data: string) {
    try {
      const value = JSON.parse(data) as Partial<PeerMedia>;
      if (typeof value.mic === 'boolean' && typeof value.cam === 'boolean') {
        this.peerMedia = { mic: value.mic, cam: value.cam };
        this.options.onPeerMedia(this.peerMedia);
      }
    } catch {
      // Not ours: ignored.
    }
  }

  private async measure() {
    if (this.closed || this.pc.connectionState !== 'connected') return;
    const sample = sampleOf(await this.pc.getStats(), this.peerMedia.cam, performance.now());
    if (this.lastSample) this.options.onQuality(quality(figures(this.lastSample, sample), sample.expectVideo));
    this.lastSample = sample;
  }
}

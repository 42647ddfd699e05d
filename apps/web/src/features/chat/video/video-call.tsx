import { useCallback, useEffect, useRef, useState } from 'react';
import {
  messages as catalogue,
  VIDEO_HANGUP_MESSAGES,
  videoServerFrameSchema,
  type ChatRole,
  type TurnCredentials,
  type VideoClientFrame,
  type VideoPeer,
  type VideoServerFrame,
} from '@clinica/shared';
import { Button } from '../../../components/ui/button.js';
import { markActivity } from '../../../lib/activity.js';
import { messageOf } from '../../../lib/api-client.js';
import { translateMessage, useTranslation } from '../../../lib/i18n.js';
import { getTurnCredentials } from '../api/get-video-turn.js';
import type { VideoPeerInfo } from '../components/video-call-slot.js';
import { CallPeer, type PeerFrame, type PeerMedia, type PeerState } from './call-peer.js';
import type { CallQuality } from './call-quality.js';
import { DeviceCheck } from './device-check.js';
import { StreamVideo } from './stream-video.js';
import { useLocalMedia, type MediaChoice } from './use-local-media.js';
import { useVideoConsentNeeded, VideoConsent } from './video-consent.js';
import './video.css';

/** A frame this page sends, before the consultation and the call's id are added. */
type OutFrame =
  | PeerFrame
  | { type: 'call-invite'; audioOnly: boolean }
  | { type: 'call-accept' }
  | { type: 'call-decline' }
  | { type: 'call-hangup'; reason: 'ended' | 'left' };

interface VideoCallProps {
  token: string;
  rol: ChatRole;
  peer: VideoPeerInfo;
  timeUp: boolean;
  send: (frame: VideoClientFrame) => void;
  subscribe: (listener: (frame: VideoServerFrame) => void) => () => void;
  onClose: () => void;
}

/** check: the devices (and a ring, when one came); calling: ringing the other side; answering: accepted, waiting for the offer. */
type Phase = 'check' | 'calling' | 'answering' | 'call' | 'ended';

/** An invitation nobody answers is withdrawn after this long. */
const RING_MS = 60_000;

const coarsePointer = () => typeof window.matchMedia === 'function' && window.matchMedia('(pointer: coarse)').matches;

/**
 * The video call of a consultation (issue 25, decision 0054), loaded as a chunk of its own when
 * opened or rung: the patient's consent the first time, the camera and microphone check, then the
 * call on the browser's RTCPeerConnection (call-peer.ts) with its frames over the chat's socket
 * (decision 0053). Either side may call; the other answers. The chat stays beside it all along,
 * and is where the conversation goes on when the call cannot.
 */
export function VideoCall({ token, rol, peer, timeUp, send, subscribe, onClose }: VideoCallProps) {
  const { t } = useTranslation('chat_video');
  const consent = useVideoConsentNeeded(rol);
  const [phase, setPhase] = useState<Phase>('check');
  const [ring, setRing] = useState<{ callId: string; audioOnly: boolean } | null>(null);
  const [notice, setNotice] = useState<string | null>(null);
  const [choice, setChoice] = useState<MediaChoice>({ audioOnly: false, cameraId: '', micId: '', facing: 'user' });
  const media = useLocalMedia(choice, phase !== 'ended' && consent.needed === false);
  const [who, setWho] = useState<VideoPeer | null>(null);
  const [remote, setRemote] = useState<MediaStream | null>(null);
  const [peerMedia, setPeerMedia] = useState<PeerMedia>({ mic: true, cam: true });
  const [peerState, setPeerState] = useState<PeerState>('connecting');
  const [quality, setQuality] = useState<CallQuality | null>(null);
  const [mic, setMic] = useState(true);
  const [cam, setCam] = useState(true);
  const [fullScreen, setFullScreen] = useState(false);
  const frame = useRef<HTMLElement>(null);
  const peerRef = useRef<CallPeer | null>(null);
  const callId = useRef<string | null>(null);
  const ice = useRef<TurnCredentials | null>(null);
  const early = useRef<VideoServerFrame[]>([]);
  const phaseRef = useRef(phase);
  const streamRef = useRef(media.stream);
  const micRef = useRef(mic);
  const camRef = useRef(cam);
  useEffect(() => {
    phaseRef.current = phase;
    streamRef.current = media.stream;
    micRef.current = mic;
    camRef.current = cam;
  });

  /** Sends a frame of the current call. */
  const out = useCallback(
    (f: OutFrame) => {
      if (callId.current) send({ ...f, consulta: token, callId: callId.current });
    },
    [send, token],
  );

  const stopPeer = useCallback(() => {
    peerRef.current?.close();
    peerRef.current = null;
    early.current = [];
    setRemote(null);
    setQuality(null);
    setPeerMedia({ mic: true, cam: true });
  }, []);

  /** The call is over (or never started): `tell` hangs up on the other side too. */
  const end = useCallback(
    (message: string, tell: boolean) => {
      if (tell) out({ type: 'call-hangup', reason: 'ended' });
      callId.current = null;
      stopPeer();
      setRing(null);
      setNotice(message);
      setPhase('ended');
    },
    [out, stopPeer],
  );

  /** The peer connection once both are in: the caller's first offer goes at once; the callee answers it. */
  const startPeer = useCallback(
    (caller: boolean) => {
      const local = streamRef.current;
      if (!local || !ice.current || peerRef.current) return;
      const created = new CallPeer({
        iceServers: ice.current.iceServers,
        relayOnly: ice.current.relayOnly,
        caller,
        send: out,
        local,
        onRemoteStream: setRemote,
        onState: setPeerState,
        onQuality: setQuality,
      });
      created.setMic(micRef.current);
      created.setCam(camRef.current);
      peerRef.current = created;
      setPhase('call');
      for (const f of early.current.splice(0)) void created.handle(f).catch(() => undefined);
    },
    [out],
  );

  // The other side's frames (the slot hands over a ring that came before this chunk).
  useEffect(
    () =>
      subscribe((raw) => {
        const parsed = videoServerFrameSchema.safeParse(raw);
        if (!parsed.success) return;
        const f = parsed.data;
        const now = phaseRef.current;
        if (f.type === 'call-invite') {
          setWho(f.peer);
          if (now === 'calling') {
            // Both rang at once: the server kept the other's call (ours was 'busy'); it is answered.
            callId.current = f.callId;
            out({ type: 'call-accept' });
            setPhase('answering');
          } else if (now !== 'call' && now !== 'answering') {
            setRing({ callId: f.callId, audioOnly: f.audioOnly });
            setNotice(null);
            setPhase('check');
          }
          return;
        }
        if (f.type === 'call-error') {
          // 'busy' names the call the server already has (not ours). Both rang at once: the other
          // side's ring is on its way (then answered). None within 3 s: that call is a leftover of a
          // page that went away (decision 0053): it is hung up by its id, and calling again works.
          if (f.code === 'busy' && now === 'calling') {
            const mine = callId.current;
            const leftover = f.callId;
            window.setTimeout(() => {
              if (phaseRef.current !== 'calling' || callId.current !== mine) return;
              if (leftover && leftover !== mine) send({ type: 'call-hangup', reason: 'left', consulta: token, callId: leftover });
              end(f.message, false);
            }, 3_000);
            return;
          }
          if (f.callId !== null && f.callId !== callId.current) return;
          if (f.code === 'consent') consent.require();
          if (f.code === 'too-fast' || f.code === 'invalid') return setNotice(f.message);
          return end(f.message, false);
        }
        if (f.type === 'call-hangup' && f.reason === 'time') return end(f.message, false);
        if (f.callId !== callId.current && !(f.type === 'call-hangup' && ring?.callId === f.callId)) {
          return;
        }
        switch (f.type) {
          case 'call-accept':
            setWho(f.peer);
            if (now === 'calling') startPeer(true);
            return;
          case 'call-decline':
            return end(catalogue.videoDeclined, false);
          case 'call-hangup':
            if (now === 'check' && !peerRef.current) {
              setRing(null);
              callId.current = null;
              return setNotice(f.message);
            }
            return end(f.message, false);
          case 'call-media':
            setPeerMedia({ mic: f.audio, cam: f.video });
            void peerRef.current?.handle(f);
            return;
          case 'call-offer':
          case 'call-answer':
          case 'call-ice':
          case 'call-restart':
            if (peerRef.current) void peerRef.current.handle(f).catch(() => undefined);
            else {
              early.current.push(f);
              if (now === 'answering' && f.type === 'call-offer') startPeer(false);
            }
        }
      }),
    [subscribe, out, send, token, startPeer, end, consent, ring],
  );

  // A ring nobody answers is withdrawn after a minute.
  useEffect(() => {
    if (phase !== 'calling') return;
    const timer = window.setTimeout(() => end(t('noAnswer', { name: who?.nombre ?? peer.name }), true), RING_MS);
    return () => window.clearTimeout(timer);
  }, [phase, end, t, who, peer.name]);

  // The paid hour is over on this page's clock: the call ends as the chat does (the server ends it
  // too, with the same words). The screen changes as the hour ends (React's state adjusted while
  // rendering); the connection is closed and the other side told after it.
  const [timeSeen, setTimeSeen] = useState(timeUp);
  if (timeUp !== timeSeen) {
    setTimeSeen(timeUp);
    if (timeUp) {
      setRing(null);
      if (phase === 'call' || phase === 'calling' || phase === 'answering') {
        setPhase('ended');
        setNotice(VIDEO_HANGUP_MESSAGES.time);
        setRemote(null);
        setQuality(null);
      }
    }
  }
  useEffect(() => {
    if (!timeUp || !callId.current) return;
    out({ type: 'call-hangup', reason: 'ended' });
    callId.current = null;
    early.current = [];
    peerRef.current?.close();
    peerRef.current = null;
  }, [timeUp, out]);

  // Another camera or microphone during the call: the peer sends the new tracks.
  useEffect(() => {
    if (media.stream && peerRef.current) void peerRef.current.replaceStream(media.stream);
  }, [media.stream]);

  // Leaving the page (or the chat) hangs up; so does closing or reloading the tab, where React
  // runs no clean-up (else the server keeps the call until the hour ends and every new one is 'busy').
  useEffect(() => {
    const leave = () => {
      if (callId.current && phaseRef.current !== 'check') send({ type: 'call-hangup', reason: 'left', consulta: token, callId: callId.current });
    };
    window.addEventListener('pagehide', leave);
    return () => {
      window.removeEventListener('pagehide', leave);
      leave();
      peerRef.current?.close();
      peerRef.current = null;
    };
  }, [send, token]);

  // A person in a call is there, though they touch nothing: the session's idle limit must not end it.
  useEffect(() => {
    if (phase !== 'call') return;
    markActivity();
    const timer = window.setInterval(markActivity, 60_000);
    return () => window.clearInterval(timer);
  }, [phase]);

  useEffect(() => {
    const changed = () => setFullScreen(frame.current !== null && document.fullscreenElement === frame.current);
    document.addEventListener('fullscreenchange', changed);
    return () => document.removeEventListener('fullscreenchange', changed);
  }, []);

  /** Credentials for this call (again for every call: an extra hour gives new ones, decision 0053). */
  const loadIce = async () => {
    try {
      ice.current = await getTurnCredentials(token, rol);
      return true;
    } catch (error) {
      setNotice(messageOf(error, catalogue.videoCallFailed));
      return false;
    }
  };

  const call = async () => {
    setNotice(null);
    if (!(await loadIce())) return;
    callId.current = crypto.randomUUID();
    out({ type: 'call-invite', audioOnly: choice.audioOnly });
    setPhase('calling');
  };

  const answer = async () => {
    if (!ring) return;
    setNotice(null);
    if (!(await loadIce())) return;
    callId.current = ring.callId;
    setRing(null);
    out({ type: 'call-accept' });
    setPhase('answering');
  };

  const decline = () => {
    if (!ring) return;
    send({ type: 'call-decline', consulta: token, callId: ring.callId });
    setRing(null);
  };

  const close = () => {
    if (ring) decline();
    else if (callId.current && phase !== 'check' && phase !== 'ended') out({ type: 'call-hangup', reason: 'ended' });
    callId.current = null;
    stopPeer();
    onClose();
  };

  const toggleMic = () => {
    peerRef.current?.setMic(!mic);
    setMic(!mic);
  };
  const toggleCam = () => {
    peerRef.current?.setCam(!cam);
    setCam(!cam);
  };
  const switchCamera = () => {
    const cameras = media.devices.cameras;
    if (cameras.length > 1 && choice.cameraId) {
      const at = cameras.findIndex((c) => c.deviceId === choice.cameraId);
      setChoice({ ...choice, cameraId: cameras[(at + 1) % cameras.length]!.deviceId });
    } else setChoice({ ...choice, cameraId: '', facing: choice.facing === 'user' ? 'environment' : 'user' });
  };
  const toggleFullScreen = () => {
    if (document.fullscreenElement) void document.exitFullscreen();
    else void frame.current?.requestFullscreen?.().catch(() => undefined);
  };

  const name = who?.nombre ?? peer.name;
  const peerTitle = rol === 'patient' ? t('peer.doctor', { name }) : t('peer.patient', { name });
  const inCall = phase === 'call' || phase === 'answering';
  const videoOn = !choice.audioOnly;
  const noticeText = notice && <p className="chat-note video-notice" role="status">{translateMessage(notice)}</p>;

  return (
    <section ref={frame} className={`chat-card video-call${fullScreen ? ' video-call-full' : ''}`} aria-labelledby="video-call-title">
      <div className="video-call-head">
        <h2 id="video-call-title">{t('title')}</h2>
        <Button variant="secondary" className="video-close" onClick={close} aria-label={t('close')}>
          ×
        </Button>
      </div>
      <p className="video-peer">
        <strong>{peerTitle}</strong>
        {rol === 'patient' && who?.registro ? <span> · {t('peer.registration', { number: who.registro })}</span> : null}
      </p>

      {/* A ring is said above whatever step shows (the consent first, the check). */}
      {ring && (
        <p className="video-ringing" role="alert">
          {t('ringing', { name })}
        </p>
      )}
      {consent.needed === true ? (
        <VideoConsent onAccepted={consent.accepted} onDecline={close} />
      ) : consent.needed === null ? (
        <p className="chat-note">{translateMessage(catalogue.loading)}</p>
      ) : inCall ? (
        <>
          <div className="video-stage">
            <StreamVideo stream={remote} muted={false} label={t('peer.video', { name })} className="video-remote" />
            <div className="video-states" role="status">
              {(phase === 'answering' || peerState === 'connecting') && <span className="video-state">{t('connecting')}</span>}
              {peerState === 'reconnecting' && <span className="video-state">{t('reconnecting')}</span>}
              {!peerMedia.mic && <span className="video-state">{t('peer.micOff')}</span>}
              {!peerMedia.cam && <span className="video-state">{t('peer.camOff')}</span>}
            </div>
            {videoOn && <StreamVideo stream={media.stream} muted label={t('peer.self')} className="video-self" />}
          </div>
          {quality && (
            <p className={`video-quality video-quality-${quality}`} role="status">
              {t('quality.label', { quality: t(`quality.${quality}`) })}
            </p>
          )}
          <div className="video-controls" role="group" aria-label={t('controls.label')}>
            <Button variant={mic ? 'secondary' : 'primary'} onClick={toggleMic}>
              {mic ? t('controls.micOff') : t('controls.micOn')}
            </Button>
            {videoOn && (
              <Button variant={cam ? 'secondary' : 'primary'} onClick={toggleCam}>
                {cam ? t('controls.camOff') : t('controls.camOn')}
              </Button>
            )}
            {videoOn && (media.devices.cameras.length > 1 || coarsePointer()) && (
              <Button variant="secondary" onClick={switchCamera}>
                {t('controls.switchCamera')}
              </Button>
            )}
            {typeof document.documentElement.requestFullscreen === 'function' && (
              <Button variant="secondary" onClick={toggleFullScreen}>
                {fullScreen ? t('controls.exitFullScreen') : t('controls.fullScreen')}
              </Button>
            )}
            <Button variant="danger" onClick={() => end(VIDEO_HANGUP_MESSAGES.ended, true)}>
              {t('controls.hangUp')}
            </Button>
          </div>
        </>
      ) : phase === 'ended' ? (
        <>
          {noticeText}
          <div className="video-controls">
            <Button variant="secondary" onClick={() => setPhase('check')} disabled={timeUp}>
              {t('again')}
            </Button>
          </div>
        </>
      ) : (
        <>
          {phase === 'calling' && (
            <p className="chat-note" role="status">
              {t('calling', { name })}
            </p>
          )}
          {noticeText}
          <DeviceCheck media={media} choice={choice} onChoice={setChoice} locked={phase === 'calling'} />
          <div className="video-controls">
            {ring ? (
              <>
                <Button onClick={() => void answer()} disabled={!media.stream || timeUp}>
                  {t('check.answer')}
                </Button>
                <Button variant="secondary" onClick={decline}>
                  {t('check.decline')}
                </Button>
              </>
            ) : phase === 'calling' ? (
              <Button variant="danger" onClick={() => end(VIDEO_HANGUP_MESSAGES.ended, true)}>
                {t('controls.hangUp')}
              </Button>
            ) : (
              <Button onClick={() => void call()} disabled={!media.stream || timeUp}>
                {t('check.call', { name })}
              </Button>
            )}
          </div>
        </>
      )}
    </section>
  );
}

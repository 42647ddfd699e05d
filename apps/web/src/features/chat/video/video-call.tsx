import { useCallback, useEffect, useRef, useState } from 'react';
import { messages as catalogue, type ChatRole } from '@clinica/shared';
import { Button } from '../../../components/ui/button.js';
import { messageOf } from '../../../lib/api-client.js';
import { translateMessage, useTranslation } from '../../../lib/i18n.js';
import type { VideoPeerInfo } from '../components/video-call-slot.js';
import { CallPeer, type CallSignal, type PeerMedia, type PeerState } from './call-peer.js';
import type { CallQuality } from './call-quality.js';
import { DeviceCheck } from './device-check.js';
import { StreamVideo } from './stream-video.js';
import { VideoConsent, useVideoConsentNeeded } from './video-consent.js';
import { getIceConfig, type IceConfig } from '../api/get-video-ice.js';
import { useLocalMedia, type MediaChoice } from './use-local-media.js';
import './video.css';

interface VideoCallProps {
  token: string;
  rol: ChatRole;
  peer: VideoPeerInfo;
  timeUp: boolean;
  send: (signal: CallSignal) => void;
  subscribe: (listener: (signal: CallSignal) => void) => () => void;
  onClose: () => void;
}

type Phase = 'check' | 'calling' | 'answering' | 'call' | 'ended';

/** An invitation nobody answers is withdrawn after this long. */
const RING_MS = 60_000;

/**
 * The video call of a consultation (issue 25, decision 0054), loaded as a chunk of its own when
 * opened or rung: the patient's consent the first time, the camera and microphone check, then the
 * call itself on the browser's RTCPeerConnection (call-peer.ts) with its signals over the chat's
 * socket. Either side may call; the other answers. The chat stays beside it all along, and is
 * where the conversation goes on when the call cannot.
 */
export function VideoCall({ token, rol, peer, timeUp, send, subscribe, onClose }: VideoCallProps) {
  const { t } = useTranslation('chat_video');
  const consent = useVideoConsentNeeded(token, rol);
  const [phase, setPhase] = useState<Phase>('check');
  const [incoming, setIncoming] = useState(false);
  const [notice, setNotice] = useState<string | null>(null);
  const [choice, setChoice] = useState<MediaChoice>({ audioOnly: false, cameraId: '', micId: '', facing: 'user' });
  const media = useLocalMedia(choice, phase !== 'ended' && consent.needed === false);
  const [remote, setRemote] = useState<MediaStream | null>(null);
  const [peerMedia, setPeerMedia] = useState<PeerMedia>({ mic: true, cam: true });
  const [peerState, setPeerState] = useState<PeerState>('connecting');
  const [quality, setQuality] = useState<CallQuality | null>(null);
  const [mic, setMic] = useState(true);
  const [cam, setCam] = useState(true);
  const [fullScreen, setFullScreen] = useState(false);
  const frame = useRef<HTMLElement>(null);
  const peerRef = useRef<CallPeer | null>(null);
  const ice = useRef<IceConfig | null>(null);
  const early = useRef<CallSignal[]>([]);
  const phaseRef = useRef(phase);
  phaseRef.current = phase;
  const streamRef = useRef(media.stream);
  streamRef.current = media.stream;

  const stopPeer = useCallback(() => {
    peerRef.current?.close();
    peerRef.current = null;
    early.current = [];
    setRemote(null);
    setQuality(null);
  }, []);

  const end = useCallback(
    (message: string, tell: boolean) => {
      if (tell) send({ kind: 'hangup' });
      stopPeer();
      setIncoming(false);
      setNotice(message);
      setPhase('ended');
    },
    [send, stopPeer],
  );

  /** The peer connection, once the other side is in: the caller's offers at once, the callee's answers the offer. */
  const startPeer = useCallback(() => {
    const local = streamRef.current;
    if (!local || !ice.current || peerRef.current) return;
    const created = new CallPeer({
      iceServers: ice.current.iceServers,
      relayOnly: ice.current.relayOnly,
      polite: rol === 'patient',
      send,
      local,
      onRemoteStream: setRemote,
      onState: setPeerState,
      onPeerMedia: setPeerMedia,
      onQuality: setQuality,
    });
    created.setMic(mic);
    created.setCam(cam && !choice.audioOnly);
    peerRef.current = created;
    setPhase('call');
    for (const signal of early.current.splice(0)) void created.handle(signal);
  }, [rol, send, mic, cam, choice.audioOnly]);

  // The other side's signals (the slot hands over a ring that came before this chunk).
  useEffect(
    () =>
      subscribe((signal) => {
        const now = phaseRef.current;
        switch (signal.kind) {
          case 'invite':
            if (now === 'calling') {
              // Both called at once: the patient answers the doctor's call, the doctor waits for that answer.
              if (rol === 'patient') {
                send({ kind: 'accept' });
                setPhase('answering');
              }
            } else if (now !== 'call' && now !== 'answering') {
              setIncoming(true);
              setNotice(null);
              setPhase('check');
            }
            break;
          case 'accept':
            if (now === 'calling') startPeer();
            break;
          case 'decline':
            if (now === 'calling') end(t('declined', { name: peer.name }), false);
            break;
          case 'hangup':
            if (now === 'check' && !peerRef.current) setIncoming(false);
            else end(t('ended'), false);
            break;
          case 'description':
          case 'candidate':
            if (peerRef.current) void peerRef.current.handle(signal).catch(() => undefined);
            else {
              early.current.push(signal);
              if (now === 'answering' && signal.kind === 'description') startPeer();
            }
            break;
        }
      }),
    [subscribe, send, startPeer, end, rol, t, peer.name],
  );

  // A call not answered within a minute is withdrawn.
  useEffect(() => {
    if (phase !== 'calling') return;
    const timer = window.setTimeout(() => end(t('declined', { name: peer.name }), true), RING_MS);
    return () => window.clearTimeout(timer);
  }, [phase, end, t, peer.name]);

  // The paid hour is over: the call ends, as the chat does ('Área de Pagos' is the page's).
  useEffect(() => {
    if (timeUp && (phase === 'call' || phase === 'calling' || phase === 'answering')) end(translateMessage(catalogue.videoCallTimeOver), true);
    else if (timeUp && incoming) setIncoming(false);
  }, [timeUp, phase, incoming, end]);

  // Another camera or microphone during the call: the peer sends the new tracks.
  useEffect(() => {
    if (media.stream && peerRef.current) void peerRef.current.replaceStream(media.stream);
  }, [media.stream]);

  // Leaving the page (or closing the call) hangs up.
  useEffect(
    () => () => {
      if (peerRef.current || phaseRef.current === 'calling') send({ kind: 'hangup' });
      peerRef.current?.close();
      peerRef.current = null;
    },
    [send],
  );

  useEffect(() => {
    const changed = () => setFullScreen(document.fullscreenElement === frame.current && frame.current !== null);
    document.addEventListener('fullscreenchange', changed);
    return () => document.removeEventListener('fullscreenchange', changed);
  }, []);

  const loadIce = async () => {
    try {
      ice.current = await getIceConfig(token);
      return true;
    } catch (error) {
      setNotice(messageOf(error, catalogue.videoCallFailed));
      return false;
    }
  };

  const call = async () => {
    setNotice(null);
    if (!(await loadIce())) return;
    send({ kind: 'invite', video: !choice.audioOnly });
    setPhase('calling');
  };

  const answer = async () => {
    setNotice(null);
    if (!(await loadIce())) return;
    setIncoming(false);
    send({ kind: 'accept' });
    setPhase('answering');
  };

  const decline = () => {
    send({ kind: 'decline' });
    setIncoming(false);
  };

  const close = () => {
    if (incoming) send({ kind: 'decline' });
    else if (phase === 'calling' || peerRef.current) send({ kind: 'hangup' });
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

  const peerTitle = rol === 'patient' ? t('peer.doctor', { name: peer.name }) : t('peer.patient', { name: peer.name });
  const inCall = phase === 'call' || phase === 'answering';
  const videoOn = !choice.audioOnly;

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
        {rol === 'patient' && peer.registration ? <span> · {t('peer.registration', { number: peer.registration })}</span> : null}
      </p>

      {consent.needed === true ? (
        <VideoConsent token={token} onAccepted={consent.accepted} onDecline={close} />
      ) : consent.needed === null ? null : inCall ? (
        <>
          <div className="video-stage">
            <StreamVideo stream={remote} muted={false} label={t('peer.video', { name: peer.name })} className="video-remote" />
            <div className="video-states" role="status">
              {peerState === 'connecting' && <span className="video-state">{t('connecting')}</span>}
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
            <Button variant={mic ? 'secondary' : 'primary'} onClick={toggleMic} aria-pressed={!mic}>
              {mic ? t('controls.micOff') : t('controls.micOn')}
            </Button>
            {videoOn && (
              <Button variant={cam ? 'secondary' : 'primary'} onClick={toggleCam} aria-pressed={!cam}>
                {cam ? t('controls.camOff') : t('controls.camOn')}
              </Button>
            )}
            {videoOn && (media.devices.cameras.length > 1 || coarsePointer()) && (
              <Button variant="secondary" onClick={switchCamera}>
                {t('controls.switchCamera')}
              </Button>
            )}
            <Button variant="secondary" onClick={toggleFullScreen}>
              {fullScreen ? t('controls.exitFullScreen') : t('controls.fullScreen')}
            </Button>
            <Button variant="danger" onClick={() => end(t('ended'), true)}>
              {t('controls.hangUp')}
            </Button>
          </div>
        </>
      ) : phase === 'ended' ? (
        <>
          {notice && (
            <p className="chat-note" role="status">
              {translateMessage(notice)}
            </p>
          )}
          <div className="video-controls">
            <Button variant="secondary" onClick={() => setPhase('check')} disabled={timeUp}>
              {t('again')}
            </Button>
          </div>
        </>
      ) : (
        <>
          {incoming && (
            <p className="video-ringing" role="alert">
              {t('ringing', { name: peerTitle })}
            </p>
          )}
          {phase === 'calling' && (
            <p className="chat-note" role="status">
              {t('calling', { name: peerTitle })}
            </p>
          )}
          {notice && (
            <p className="chat-note" role="status">
              {translateMessage(notice)}
            </p>
          )}
          <DeviceCheck media={media} choice={choice} onChoice={setChoice} locked={phase === 'calling'} />
          <div className="video-controls">
            {incoming ? (
              <>
                <Button onClick={() => void answer()} disabled={!media.stream || timeUp}>
                  {t('check.answer')}
                </Button>
                <Button variant="secondary" onClick={decline}>
                  {t('check.decline')}
                </Button>
              </>
            ) : phase === 'calling' ? (
              <Button variant="danger" onClick={() => end(t('ended'), true)}>
                {t('controls.hangUp')}
              </Button>
            ) : (
              <Button onClick={() => void call()} disabled={!media.stream || timeUp}>
                {t('check.call', { name: peerTitle })}
              </Button>
            )}
          </div>
        </>
      )}
    </section>
  );
}

const coarsePointer = () => typeof window.matchMedia === 'function' && window.matchMedia('(pointer: coarse)').matches;

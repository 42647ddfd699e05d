import { useCallback, useEffect, useRef, useState } from 'react';
import { mediaErrorMessage, unsupportedReason } from './media-errors.js';

export type Facing = 'user' | 'environment';

export interface MediaChoice {
  /** Sound only: the camera is never asked for. */
  audioOnly: boolean;
  /** A camera chosen in the list (a computer's); else `facing` (a phone's front or back). */
  cameraId: string;
  micId: string;
  facing: Facing;
}

export interface Devices {
  cameras: MediaDeviceInfo[];
  mics: MediaDeviceInfo[];
}

const videoConstraints = (choice: MediaChoice): MediaTrackConstraints => ({
  ...(choice.cameraId ? { deviceId: { exact: choice.cameraId } } : { facingMode: choice.facing }),
  width: { ideal: 640 },
  height: { ideal: 480 },
  frameRate: { ideal: 24, max: 30 },
});

const audioConstraints = (choice: MediaChoice): MediaTrackConstraints => ({
  ...(choice.micId ? { deviceId: { exact: choice.micId } } : {}),
  echoCancellation: true,
  noiseSuppression: true,
});

const stop = (stream: MediaStream | null) => stream?.getTracks().forEach((track) => track.stop());

/**
 * The camera and microphone of this device for the check and the call: asked for once per choice
 * (another device, front/back, sound only), the previous tracks stopped, the browser's refusal
 * turned into the catalogue's message. The device lists are read after the permission (before
 * it, browsers hide the names) and again when a device is plugged in or out.
 */
export function useLocalMedia(choice: MediaChoice, enabled = true) {
  const [stream, setStream] = useState<MediaStream | null>(null);
  const [error, setError] = useState<string | null>(() => unsupportedReason(window));
  const [devices, setDevices] = useState<Devices>({ cameras: [], mics: [] });
  const [attempt, setAttempt] = useState(0);
  const current = useRef<MediaStream | null>(null);
  const supported = unsupportedReason(window) === null;

  const readDevices = useCallback(async () => {
    const all = await navigator.mediaDevices.enumerateDevices();
    setDevices({ cameras: all.filter((d) => d.kind === 'videoinput'), mics: all.filter((d) => d.kind === 'audioinput') });
  }, []);

  useEffect(() => {
    if (!supported) return;
    if (!enabled) {
      // The call ended (or the hour did): the camera's light goes off, the microphone closes.
      if (current.current) {
        stop(current.current);
        current.current = null;
        setStream(null);
      }
      return;
    }
    let cancelled = false;
    // A phone often cannot open its second camera while the first is on: the old tracks stop first.
    stop(current.current);
    current.current = null;
    const wanted = { audio: audioConstraints(choice), video: choice.audioOnly ? false : videoConstraints(choice) };
    navigator.mediaDevices
      .getUserMedia(wanted)
      .then((got) => {
        if (cancelled) return stop(got);
        current.current = got;
        setStream(got);
        setError(null);
        void readDevices();
      })
      .catch((reason: unknown) => {
        if (cancelled) return;
        setStream(null);
        setError(mediaErrorMessage(reason));
      });
    return () => {
      cancelled = true;
    };
  }, [supported, enabled, choice.audioOnly, choice.cameraId, choice.micId, choice.facing, attempt, readDevices]); // eslint-disable-line react-hooks/exhaustive-deps

  useEffect(() => {
    if (!supported) return;
    const changed = () => void readDevices();
    navigator.mediaDevices.addEventListener('devicechange', changed);
    return () => navigator.mediaDevices.removeEventListener('devicechange', changed);
  }, [supported, readDevices]);

  // Leaving the page (or the call) turns the camera's light off.
  useEffect(
    () => () => {
      stop(current.current);
      current.current = null;
    },
    [],
  );

  return { stream, error, devices, supported, retry: () => setAttempt((n) => n + 1) };
}

import { useEffect, useState } from 'react';

/**
 * The microphone's level, 0 to 1, for the check's meter (Web Audio's AnalyserNode): the loudest
 * sample of each animation frame's window, smoothed so the bar does not flicker. Nothing is sent
 * anywhere; the audio context is closed when the stream changes or the check is left.
 */
export function useAudioLevel(stream: MediaStream | null) {
  const [level, setLevel] = useState(0);
  useEffect(() => {
    const track = stream?.getAudioTracks()[0];
    if (!stream || !track || typeof AudioContext === 'undefined') return;
    const context = new AudioContext();
    const source = context.createMediaStreamSource(new MediaStream([track]));
    const analyser = context.createAnalyser();
    analyser.fftSize = 512;
    source.connect(analyser);
    const samples = new Float32Array(analyser.fftSize);
    let frame = 0;
    let smooth = 0;
    const tick = () => {
      analyser.getFloatTimeDomainData(samples);
      let peak = 0;
      for (const s of samples) peak = Math.max(peak, Math.abs(s));
      smooth = Math.max(peak, smooth * 0.85);
      setLevel(Math.min(1, smooth));
      frame = requestAnimationFrame(tick);
    };
    // A context made before a tap may start suspended (autoplay rules); the check's button is that tap.
    void context.resume();
    frame = requestAnimationFrame(tick);
    return () => {
      cancelAnimationFrame(frame);
      source.disconnect();
      void context.close();
    };
  }, [stream]);
  return level;
}

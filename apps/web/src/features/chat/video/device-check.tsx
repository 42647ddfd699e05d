import { useId } from 'react';
import { messages as catalogue } from '@clinica/shared';
import { Button } from '../../../components/ui/button.js';
import { translateMessage, useTranslation } from '../../../lib/i18n.js';
import { StreamVideo } from './stream-video.js';
import { useAudioLevel } from './use-audio-level.js';
import type { Devices, Facing, MediaChoice } from './use-local-media.js';

interface DeviceCheckProps {
  media: { stream: MediaStream | null; error: string | null; devices: Devices; supported: boolean; retry: () => void };
  choice: MediaChoice;
  onChoice: (choice: MediaChoice) => void;
  /** While ringing the other side, the devices stay as they are. */
  locked: boolean;
}

/**
 * Before the call: the person sees themselves, watches the bar move as they speak, and picks the
 * camera and microphone (a phone's front or back camera) or sound only. What the browser refused
 * is said in plain words with the way out (permission, another app, sound only, the chat).
 */
export function DeviceCheck({ media, choice, onChoice, locked }: DeviceCheckProps) {
  const { t } = useTranslation('chat_video');
  const level = useAudioLevel(media.stream);
  const ids = useId();
  const percent = Math.round(level * 100);
  const phone = typeof window.matchMedia === 'function' && window.matchMedia('(pointer: coarse)').matches;
  const cameraMissing = media.error === catalogue.videoDeviceMissing && !choice.audioOnly;

  return (
    <div className="video-check">
      <h3>{t('check.title')}</h3>
      {media.error ? (
        <div className="video-error" role="alert">
          <p>{translateMessage(media.error)}</p>
          {media.supported && (
            <Button variant="secondary" onClick={media.retry}>
              {t('check.retry')}
            </Button>
          )}
        </div>
      ) : (
        <p className="chat-note">{t('check.hint')}</p>
      )}
      {media.supported && (
        <>
          {!choice.audioOnly && media.stream && <StreamVideo stream={media.stream} muted label={t('check.preview')} className="video-preview" />}
          <div className="video-meter-row">
            <span id={`${ids}-level`}>{t('check.level')}</span>
            <div
              className="video-meter"
              role="meter"
              aria-labelledby={`${ids}-level`}
              aria-valuemin={0}
              aria-valuemax={100}
              aria-valuenow={percent}
            >
              <span className="video-meter-bar" style={{ transform: `scaleX(${level})` }} />
            </div>
          </div>
          <fieldset className="video-devices" disabled={locked}>
            <label className="video-audio-only">
              <input type="checkbox" checked={choice.audioOnly} onChange={(e) => onChoice({ ...choice, audioOnly: e.target.checked })} autoFocus={cameraMissing} />
              {t('check.audioOnly')}
            </label>
            {!choice.audioOnly && phone && (
              <div className="video-facing" role="radiogroup" aria-label={t('check.facing')}>
                {(['user', 'environment'] as Facing[]).map((facing) => (
                  <label key={facing}>
                    <input type="radio" name={`${ids}-facing`} checked={!choice.cameraId && choice.facing === facing} onChange={() => onChoice({ ...choice, cameraId: '', facing })} />
                    {facing === 'user' ? t('check.front') : t('check.back')}
                  </label>
                ))}
              </div>
            )}
            {!choice.audioOnly && media.devices.cameras.length > 0 && (
              <label>
                {t('check.camera')}
                <select value={choice.cameraId} onChange={(e) => onChoice({ ...choice, cameraId: e.target.value })}>
                  <option value="">{t('check.defaultDevice')}</option>
                  {media.devices.cameras.map((d, i) => (
                    <option key={d.deviceId || i} value={d.deviceId}>
                      {d.label || `${t('check.camera')} ${i + 1}`}
                    </option>
                  ))}
                </select>
              </label>
            )}
            {media.devices.mics.length > 0 && (
              <label>
                {t('check.microphone')}
                <select value={choice.micId} onChange={(e) => onChoice({ ...choice, micId: e.target.value })}>
                  <option value="">{t('check.defaultDevice')}</option>
                  {media.devices.mics.map((d, i) => (
                    <option key={d.deviceId || i} value={d.deviceId}>
                      {d.label || `${t('check.microphone')} ${i + 1}`}
                    </option>
                  ))}
                </select>
              </label>
            )}
          </fieldset>
        </>
      )}
    </div>
  );
}

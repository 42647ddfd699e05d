import { messages } from '@clinica/shared';

/**
 * What a page needs before it may offer a call: a secure context (getUserMedia exists only there),
 * the camera API and the browser's own peer connection. Returns the catalogue's message when one is
 * missing, so the page says it before asking for anything (issue 25, decision 0054).
 */
export function unsupportedReason(w: Pick<Window, 'isSecureContext'> & { RTCPeerConnection?: unknown; navigator: Navigator }): string | null {
  if (!w.isSecureContext) return messages.videoUnsupported;
  if (typeof w.RTCPeerConnection !== 'function') return messages.videoUnsupported;
  if (typeof w.navigator.mediaDevices?.getUserMedia !== 'function') return messages.videoUnsupported;
  return null;
}

/**
 * The catalogue's message for what getUserMedia threw. The browsers name their DOMExceptions
 * differently for the same cause (Firefox's older 'PermissionDeniedError', Chrome's
 * 'DevicesNotFoundError', 'TrackStartError'), so each cause lists every name seen for it.
 */
export function mediaErrorMessage(error: unknown): string {
  const name = typeof error === 'object' && error !== null && 'name' in error ? String(error.name) : '';
  switch (name) {
    case 'NotAllowedError':
    case 'PermissionDeniedError':
    case 'SecurityError':
      return messages.videoPermissionDenied;
    case 'NotFoundError':
    case 'DevicesNotFoundError':
    case 'OverconstrainedError':
      return messages.videoDeviceMissing;
    case 'NotReadableError':
    case 'TrackStartError':
    case 'AbortError':
      return messages.videoDeviceBusy;
    case 'TypeError':
      return messages.videoUnsupported;
    default:
      return messages.videoDeviceFailed;
  }
}

import { describe, expect, it } from 'vitest';
import { messages } from '@clinica/shared';
import { mediaErrorMessage, unsupportedReason } from './media-errors.js';

const domError = (name: string) => Object.assign(new Error(name), { name });

describe("the camera check's messages (issue 25)", () => {
  it('says which of the four causes stopped the camera, whatever name the browser gave it', () => {
    expect(mediaErrorMessage(domError('NotAllowedError'))).toBe(messages.videoPermissionDenied);
    expect(mediaErrorMessage(domError('PermissionDeniedError'))).toBe(messages.videoPermissionDenied);
    expect(mediaErrorMessage(domError('NotFoundError'))).toBe(messages.videoDeviceMissing);
    expect(mediaErrorMessage(domError('DevicesNotFoundError'))).toBe(messages.videoDeviceMissing);
    expect(mediaErrorMessage(domError('NotReadableError'))).toBe(messages.videoDeviceBusy);
    expect(mediaErrorMessage(domError('TrackStartError'))).toBe(messages.videoDeviceBusy);
    expect(mediaErrorMessage(domError('Something new'))).toBe(messages.videoDeviceFailed);
    expect(mediaErrorMessage('not an error')).toBe(messages.videoDeviceFailed);
  });

  it('an insecure page, a browser without RTCPeerConnection or without getUserMedia is unsupported', () => {
    const navigator = { mediaDevices: { getUserMedia: () => undefined } } as unknown as Navigator;
    expect(unsupportedReason({ isSecureContext: true, RTCPeerConnection: class {}, navigator })).toBeNull();
    expect(unsupportedReason({ isSecureContext: false, RTCPeerConnection: class {}, navigator })).toBe(messages.videoUnsupported);
    expect(unsupportedReason({ isSecureContext: true, navigator })).toBe(messages.videoUnsupported);
    expect(unsupportedReason({ isSecureContext: true, RTCPeerConnection: class {}, navigator: {} as Navigator })).toBe(messages.videoUnsupported);
  });
});

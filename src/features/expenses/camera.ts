// The phone's rear camera for scanning receipts, and what went wrong when it cannot be opened
// (spec §8 "camera access failures"): each failure has its own message, and the other ways to
// add the receipt stay one tap away.
import type { MessageDescriptor } from '@lingui/core';
import { msg } from '@lingui/core/macro';

export type CameraProblem = 'refused' | 'missing' | 'busy' | 'unsupported';

export const cameraProblemMessages: Record<CameraProblem, MessageDescriptor> = {
  refused: msg`Camera access was refused. Allow the camera for Risiti in the browser settings, or add the receipt another way.`,
  missing: msg`No camera was found on this device. Type the receipt code, upload a photo of the receipt or enter it by hand.`,
  busy: msg`The camera is being used by another app. Close that app and try again, or add the receipt another way.`,
  unsupported: msg`This browser cannot open the camera. Upload a photo of the receipt instead.`,
};

export function cameraProblem(error: unknown): CameraProblem {
  const name = (error as { name?: string } | null)?.name;
  if (name === 'NotAllowedError' || name === 'SecurityError') return 'refused';
  if (name === 'NotFoundError' || name === 'OverconstrainedError') return 'missing';
  if (name === 'NotReadableError' || name === 'AbortError') return 'busy';
  return 'unsupported';
}

/** The rear camera at a size a QR code reads well from, without heating the phone. */
export async function openRearCamera(): Promise<MediaStream> {
  if (!navigator.mediaDevices?.getUserMedia) {
    throw Object.assign(new Error('no getUserMedia'), { name: 'TypeError' });
  }
  return navigator.mediaDevices.getUserMedia({
    audio: false,
    video: {
      facingMode: { ideal: 'environment' },
      width: { ideal: 1280 },
      height: { ideal: 720 },
    },
  });
}

/** Whether the camera has a light the page may switch on. */
export function hasTorch(track: MediaStreamTrack | undefined): boolean {
  const capabilities = track?.getCapabilities?.() as { torch?: boolean } | undefined;
  return Boolean(capabilities?.torch);
}

export async function setTorch(track: MediaStreamTrack, on: boolean): Promise<void> {
  await track.applyConstraints({ advanced: [{ torch: on } as MediaTrackConstraintSet] });
}

export function stopStream(stream: MediaStream | null): void {
  stream?.getTracks().forEach((track) => track.stop());
}

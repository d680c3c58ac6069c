// Scanning a receipt's QR code with the phone's rear camera. Frames go to the QR worker one at a
// time (a frame is taken only when the worker is free), so the preview never stutters; the
// torch can be switched on where the phone has one. A photo or screenshot of the receipt can
// be read instead. Only the receipt's code and time are kept.
import { useCallback, useEffect, useRef, useState } from 'react';
import { Alert, AspectRatio, Box, Button, FileButton, Group, Stack, Text } from '@mantine/core';
import { Trans, useLingui } from '@lingui/react/macro';
import { IconBolt, IconBoltOff, IconCameraOff, IconPhoto } from '@tabler/icons-react';
import { transfer } from 'comlink';
import type { ScannedReceipt } from '../../../domain/receipt-code';
import { receiptQrWorker } from '../../workers/receipt-qr-client';
import {
  cameraProblem,
  cameraProblemMessages,
  hasTorch,
  openRearCamera,
  setTorch,
  stopStream,
  type CameraProblem,
} from './camera';

/** Frames are read at most this wide: enough for a receipt's code held at a hand's length. */
const FRAME_WIDTH = 960;

export interface ScanReceiptProps {
  onScanned(receipt: ScannedReceipt, picture?: File): void;
}

export function ScanReceipt({ onScanned }: ScanReceiptProps) {
  const { t, i18n } = useLingui();
  const video = useRef<HTMLVideoElement>(null);
  const stream = useRef<MediaStream | null>(null);
  const [problem, setProblem] = useState<CameraProblem | null>(null);
  const [starting, setStarting] = useState(true);
  const [torch, setTorchState] = useState<boolean | null>(null);
  const [notice, setNotice] = useState<string | null>(null);
  const [reading, setReading] = useState(false);
  const done = useRef(false);
  const scannedRef = useRef(onScanned);
  useEffect(() => {
    scannedRef.current = onScanned;
  }, [onScanned]);

  const finish = useCallback((receipt: ScannedReceipt, picture?: File) => {
    if (done.current) return;
    done.current = true;
    stopStream(stream.current);
    stream.current = null;
    scannedRef.current(receipt, picture);
  }, []);

  useEffect(() => {
    let live = true;
    let timer: ReturnType<typeof setTimeout> | undefined;
    let frames = 0;
    const canvas = document.createElement('canvas');
    const context = canvas.getContext('2d', { willReadFrequently: true });

    const scanFrame = async () => {
      const element = video.current;
      if (!live || done.current || !element || !context) return;
      if (element.readyState >= 2 && element.videoWidth > 0) {
        const scale = Math.min(1, FRAME_WIDTH / element.videoWidth);
        canvas.width = Math.round(element.videoWidth * scale);
        canvas.height = Math.round(element.videoHeight * scale);
        context.drawImage(element, 0, 0, canvas.width, canvas.height);
        const image = context.getImageData(0, 0, canvas.width, canvas.height);
        const frame = { data: image.data, width: image.width, height: image.height };
        // Every fourth frame is read at full size, for a code held far from the camera.
        frames++;
        const result = await receiptQrWorker()
          .decodeFrame(transfer(frame, [frame.data.buffer]), { detail: frames % 4 === 0 })
          .catch(() => ({ found: false as const }));
        if (!live) return;
        if (result.found && result.receipt) {
          finish(result.receipt);
          return;
        }
        if (result.found)
          setNotice(
            t`This QR code is not a TRA receipt. Scan the code printed at the bottom of the receipt.`,
          );
      }
      timer = setTimeout(() => void scanFrame(), 60);
    };

    void (async () => {
      try {
        const opened = await openRearCamera();
        if (!live) {
          stopStream(opened);
          return;
        }
        stream.current = opened;
        const track = opened.getVideoTracks()[0];
        setTorchState(hasTorch(track) ? false : null);
        if (video.current) {
          video.current.srcObject = opened;
          await video.current.play().catch(() => undefined);
        }
        setStarting(false);
        void scanFrame();
      } catch (error) {
        if (!live) return;
        setStarting(false);
        setProblem(cameraProblem(error));
      }
    })();

    return () => {
      live = false;
      if (timer) clearTimeout(timer);
      stopStream(stream.current);
      stream.current = null;
    };
    // The camera opens once per visit of this view.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);

  const toggleTorch = async () => {
    const track = stream.current?.getVideoTracks()[0];
    if (!track || torch === null) return;
    await setTorch(track, !torch).catch(() => undefined);
    setTorchState(!torch);
  };

  const readPicture = async (file: File | null) => {
    if (!file) return;
    setReading(true);
    setNotice(null);
    try {
      const result = await receiptQrWorker().decodeImage(file);
      if (result.found && result.receipt) finish(result.receipt, file);
      else if (result.found)
        setNotice(
          t`This QR code is not a TRA receipt. Scan the code printed at the bottom of the receipt.`,
        );
      else
        setNotice(
          t`No receipt QR code was found in this picture. Try a sharper photo, or type the receipt code.`,
        );
    } catch {
      setNotice(t`This picture could not be read. Choose a PNG or JPG photo of the receipt.`);
    } finally {
      setReading(false);
    }
  };

  return (
    <Stack gap="sm">
      {problem ? (
        <Alert
          color="orange"
          icon={<IconCameraOff size={20} />}
          title={t`The camera could not be opened`}
          data-testid="camera-problem"
        >
          {i18n._(cameraProblemMessages[problem])}
        </Alert>
      ) : (
        <Box pos="relative" style={{ borderRadius: 12, overflow: 'hidden', background: '#111' }}>
          <AspectRatio ratio={4 / 3} mah={480}>
            <video
              ref={video}
              muted
              playsInline
              aria-label={t`Camera preview`}
              style={{ objectFit: 'cover', width: '100%', height: '100%' }}
              data-testid="camera-preview"
            />
          </AspectRatio>
          <Box
            pos="absolute"
            inset="18%"
            style={{ border: '3px solid rgb(255 255 255 / 0.85)', borderRadius: 12 }}
            aria-hidden
          />
          {torch !== null && (
            <Button
              pos="absolute"
              top={8}
              right={8}
              size="compact-sm"
              variant="white"
              leftSection={torch ? <IconBoltOff size={16} /> : <IconBolt size={16} />}
              onClick={() => void toggleTorch()}
            >
              {torch ? t`Light off` : t`Light on`}
            </Button>
          )}
        </Box>
      )}
      {!problem && (
        <Text size="sm" c="dimmed" role="status">
          {starting ? (
            <Trans>Opening the camera…</Trans>
          ) : (
            <Trans>Hold the QR code of the receipt inside the frame. It is read by itself.</Trans>
          )}
        </Text>
      )}
      {notice && (
        <Alert color="yellow" variant="light" data-testid="scan-notice">
          {notice}
        </Alert>
      )}
      <Group>
        <FileButton
          accept="image/png,image/jpeg,.png,.jpg,.jpeg"
          onChange={(file) => void readPicture(file)}
        >
          {(props) => (
            <Button
              variant="default"
              leftSection={<IconPhoto size={18} />}
              loading={reading}
              {...props}
            >
              <Trans>Read a photo or screenshot</Trans>
            </Button>
          )}
        </FileButton>
      </Group>
    </Stack>
  );
}

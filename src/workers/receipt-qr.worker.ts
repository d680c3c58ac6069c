// The receipt QR worker: reading camera frames here keeps the page (and the camera preview)
// smooth while each frame is searched for a code.
import { expose } from 'comlink';
import { receiptQrApi } from './receipt-qr';

expose(receiptQrApi);

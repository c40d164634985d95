// @vitest-environment happy-dom
import { screen, waitFor, within } from '@testing-library/react';
import { BarcodeFormat, EncodeHintType, QRCodeWriter } from '@zxing/library';
import { describe, expect, it, vi } from 'vitest';
import { stubFetch } from '../../../testing/fetch-stub';
import { fill } from '../../../testing/fill';
import { renderWithProviders } from '../../../testing/render';
import { findSnackbar } from '../../../testing/snackbars';
import { AddGatewayDialog } from './add-gateway-dialog';
import type { Pixels } from './qr-image';
import { readImagePixels } from './qr-image-pixels';

// happy-dom draws no image on a canvas: the photo's pixels are those of a QR code generated
// here. Decoding them (qr-image.ts, zxing) and everything after is the real code.
vi.mock('./qr-image-pixels', () => ({ readImagePixels: vi.fn() }));

/** The RGBA pixels of a QR code holding `text`, black on white, as a canvas gives them. */
function qrPixels(text: string, size = 240): Pixels {
  const hints = new Map<EncodeHintType, unknown>([[EncodeHintType.MARGIN, 4]]);
  const matrix = new QRCodeWriter().encode(text, BarcodeFormat.QR_CODE, size, size, hints);
  const [width, height] = [matrix.getWidth(), matrix.getHeight()];
  const data = new Uint8ClampedArray(width * height * 4);
  for (let y = 0; y < height; y++) {
    for (let x = 0; x < width; x++) {
      const v = matrix.get(x, y) ? 0 : 255;
      data.set([v, v, v, 255], (y * width + x) * 4);
    }
  }
  return { data, width, height };
}

const blank: Pixels = { data: new Uint8ClampedArray(64 * 64 * 4).fill(255), width: 64, height: 64 };
const photo = () =>
  new File([new Uint8Array([137, 80, 78, 71])], 'label.png', { type: 'image/png' });

/** The dialog on its QR method, without a camera (happy-dom has none). */
async function qrWithoutCamera() {
  const server = stubFetch({
    'GET /api/gateway/waiting': {
      body: {
        waiting: true,
        gw: { name: 'kloudnx-e5f6', initialized: false, project: null, projectName: null },
      },
    },
  });
  const view = renderWithProviders(<AddGatewayDialog projectId="p1" onClose={vi.fn()} />);
  const dialog = within(screen.getByRole('dialog', { name: 'Ajouter une passerelle' }));
  await view.user.click(dialog.getByRole('button', { name: 'QR code' }));
  expect(await dialog.findByText('Aucune caméra détectée')).toBeTruthy();
  return { ...view, server, dialog };
}

const valueOf = (field: HTMLElement) => (field as HTMLInputElement).value;

describe('add a gateway from a photo of its label when there is no camera (issue 16)', () => {
  it('a photo of the QR code fills the MAC and serial fields, which then go on', async () => {
    vi.mocked(readImagePixels).mockResolvedValue(qrPixels('A1:B2:C3:D4:E5:F6SN123456'));
    const { user, dialog, server } = await qrWithoutCamera();
    const file = photo();
    await user.upload(dialog.getByLabelText('Envoyer une photo de l’étiquette'), file);
    expect(vi.mocked(readImagePixels)).toHaveBeenCalledWith(file);

    const mac = await dialog.findByLabelText(/Adresse MAC/);
    expect(valueOf(mac)).toBe('A1:B2:C3:D4:E5:F6');
    expect(valueOf(dialog.getByLabelText(/Numéro de série/))).toBe('SN123456');
    expect(
      dialog.getByText('Adresse MAC et numéro de série lus : vérifiez-les puis continuez.'),
    ).toBeTruthy();
    await user.click(dialog.getByRole('button', { name: 'Suivant' }));
    await waitFor(() => expect(server.sent('GET', '/api/gateway/waiting')).toHaveLength(1));
    expect(server.sent('GET', '/api/gateway/waiting')[0]?.query).toEqual({
      mac: 'a1b2c3d4e5f6',
      sn: 'SN123456',
    });
  });

  it('a photo without a QR code, or with another QR code, says so and stays', async () => {
    vi.mocked(readImagePixels).mockResolvedValueOnce(blank);
    const { user, dialog } = await qrWithoutCamera();
    const input = dialog.getByLabelText('Envoyer une photo de l’étiquette');
    await user.upload(input, photo());
    expect((await findSnackbar('Aucun QR code lisible sur cette photo.')).variant).toBe('warning');
    vi.mocked(readImagePixels).mockResolvedValueOnce(qrPixels('https://example.com/menu'));
    await user.upload(input, photo());
    await findSnackbar("Ce QR code n'est pas celui d'une passerelle.");
    expect(dialog.queryByLabelText(/Adresse MAC/)).toBeNull();
  });

  it('the code pasted from the label fills the fields too', async () => {
    const { user, dialog } = await qrWithoutCamera();
    await fill(user, dialog.getByLabelText(/Code de l’étiquette/), 'AA:BB:CC:DD:EE:FFABCD1234');
    await user.click(dialog.getByRole('button', { name: 'Utiliser ce code' }));
    expect(valueOf(await dialog.findByLabelText(/Adresse MAC/))).toBe('AA:BB:CC:DD:EE:FF');
    expect(valueOf(dialog.getByLabelText(/Numéro de série/))).toBe('ABCD1234');
  });
});

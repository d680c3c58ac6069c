// Sends the customer the link to their receipt page: through the phone's share sheet, or by
// WhatsApp, SMS or a copied link where there is none. The message is in the user's language.
import { useState } from 'react';
import { Button, CopyButton, Menu, Tooltip } from '@mantine/core';
import { Trans, useLingui } from '@lingui/react/macro';
import {
  IconBrandWhatsapp,
  IconCheck,
  IconCopy,
  IconMessage,
  IconShare,
} from '@tabler/icons-react';
import type { LocalInvoice } from '../../db/db';
import { receiptUrl, shareNatively, smsLink, whatsappLink } from './share';

export function ShareButton({
  invoice,
  businessName,
  fullWidth,
}: {
  invoice: LocalInvoice;
  businessName: string;
  fullWidth?: boolean;
}) {
  const { t } = useLingui();
  const [menu, setMenu] = useState(false);
  const ready = invoice.publicId !== '';
  const url = ready ? receiptUrl(invoice.publicId) : '';
  const business = businessName || t`us`;
  const message = t`Your receipt from ${business}: ${url}`;
  const phone = invoice.customer.phoneNumber;

  const share = async () => {
    const outcome = await shareNatively({ title: t`Receipt`, text: message, url });
    if (outcome === 'unavailable') setMenu(true);
  };

  const button = (
    <Button
      variant="default"
      fullWidth={fullWidth}
      leftSection={<IconShare size={18} />}
      disabled={!ready}
      onClick={() => void share()}
    >
      <Trans>Share receipt link</Trans>
    </Button>
  );
  if (!ready) {
    return (
      <Tooltip
        label={t`The link is ready once the invoice has reached the server.`}
        multiline
        w={240}
      >
        <span style={{ display: fullWidth ? 'block' : 'inline-block' }}>{button}</span>
      </Tooltip>
    );
  }
  return (
    <Menu opened={menu} onChange={setMenu} position="bottom-end" withinPortal>
      <Menu.Target>{button}</Menu.Target>
      <Menu.Dropdown data-testid="share-menu">
        <Menu.Item
          component="a"
          href={whatsappLink(message, phone)}
          target="_blank"
          rel="noopener"
          leftSection={<IconBrandWhatsapp size={16} />}
        >
          {t`WhatsApp`}
        </Menu.Item>
        <Menu.Item
          component="a"
          href={smsLink(message, phone)}
          leftSection={<IconMessage size={16} />}
        >
          SMS
        </Menu.Item>
        <CopyButton value={url}>
          {({ copied, copy }) => (
            <Menu.Item
              closeMenuOnClick={false}
              onClick={copy}
              leftSection={copied ? <IconCheck size={16} /> : <IconCopy size={16} />}
            >
              {copied ? t`Link copied` : t`Copy the link`}
            </Menu.Item>
          )}
        </CopyButton>
      </Menu.Dropdown>
    </Menu>
  );
}

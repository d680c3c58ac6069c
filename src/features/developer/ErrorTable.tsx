// The errors a group of calls can answer: code, HTTP status and the message, shown here in the
// reader's language (the API answers in the caller's).
import { Code, Table } from '@mantine/core';
import { i18n as lingui } from '@lingui/core';
import { compileMessage } from '@lingui/message-utils/compileMessage';
import { Trans, useLingui } from '@lingui/react/macro';
import { errorMessages, type ErrorCode } from '../../../domain/errors';

// English texts are the domain's ids, which the app's own small compiler reads for plain
// placeholders only (src/i18n/i18n.ts): the errors that count minutes are compiled here, the one
// page that shows them in the browser.
lingui.load(
  'en',
  Object.fromEntries(
    Object.values(errorMessages)
      .filter(({ id }) => id.includes(', plural,'))
      .map(({ id }) => [id, compileMessage(id)]),
  ),
);

export function ErrorTable({ errors }: { errors: readonly (readonly [ErrorCode, number])[] }) {
  const { i18n } = useLingui();
  return (
    <Table.ScrollContainer minWidth={480}>
      <Table striped verticalSpacing="xs">
        <Table.Thead>
          <Table.Tr>
            <Table.Th>
              <Trans>Code</Trans>
            </Table.Th>
            <Table.Th>
              <Trans>Status</Trans>
            </Table.Th>
            <Table.Th>
              <Trans>Message</Trans>
            </Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {errors.map(([code, status]) => (
            <Table.Tr key={code}>
              <Table.Td>
                <Code>{code}</Code>
              </Table.Td>
              <Table.Td>{status}</Table.Td>
              {/* A wait in minutes is shown as the shortest one. */}
              <Table.Td>{i18n._(errorMessages[code].id, { minutes: 1 })}</Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}

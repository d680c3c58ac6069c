// The errors a group of calls can answer: code, HTTP status and the message, shown here in the
// reader's language (the API answers in the caller's).
import { Code, Table } from '@mantine/core';
import { Trans, useLingui } from '@lingui/react/macro';
import { errorMessages, type ErrorCode } from '../../../domain/errors';

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
              <Table.Td>{i18n._(errorMessages[code].id, { minutes: '…' })}</Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}

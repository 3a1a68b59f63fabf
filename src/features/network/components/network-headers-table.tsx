import { UntrustedText } from '../../../components/ui/untrusted-text';
import { isSecretHeader } from '../../../entities/session-events/model/secret-headers';
import { NetworkSection } from './network-section';
import { SecretValue } from '../../../components/events/secret-value';

interface NetworkHeadersTableProps {
  title: string;
  /** null when the event that carries them is missing; `missingText` says why. */
  headers: [string, string][] | null;
  missingText: string;
}

/**
 * Header names and values as a two-column table; long values wrap anywhere. Credentials are
 * masked, each with its own Reveal (give the table a `key` of the selection to mask them again).
 */
export function NetworkHeadersTable({ title, headers, missingText }: NetworkHeadersTableProps) {
  return (
    <NetworkSection title={title}>
      {headers === null || headers.length === 0 ? (
        <p className="text-xs text-muted">
          {headers === null ? missingText : 'No headers captured'}
        </p>
      ) : (
        <table className="w-full table-fixed border-collapse font-mono text-xs">
          <thead className="sr-only">
            <tr>
              <th scope="col">Name</th>
              <th scope="col">Value</th>
            </tr>
          </thead>
          <tbody>
            {headers.map(([name, value], index) => (
              <tr key={index} className="border-t border-border align-top first:border-t-0">
                <th
                  scope="row"
                  className="w-1/3 py-0.5 pr-3 text-left font-normal break-all text-muted"
                >
                  <UntrustedText text={name} />
                </th>
                <td className="py-0.5 break-all whitespace-pre-wrap text-fg">
                  {isSecretHeader(name) ? (
                    <SecretValue name={name} value={value} />
                  ) : (
                    <UntrustedText text={value} />
                  )}
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
    </NetworkSection>
  );
}

import type { ApiFailure } from '../../lib/http/api-error';
import { UntrustedText } from './untrusted-text';

/** Everything a failed response said: status, code, message, each detail and the inner error. */
export function FailureDetails({ failure }: { failure: ApiFailure }) {
  const details = failure.innerError ? [...failure.details, failure.innerError] : failure.details;
  return (
    <dl className="grid grid-cols-[auto_1fr] gap-x-3 gap-y-1 text-sm break-words">
      <dt className="text-muted">Status</dt>
      <dd className="min-w-0 font-mono">
        <UntrustedText
          text={failure.status === 0 ? 'no response' : `${failure.status} ${failure.statusText}`}
        />
      </dd>
      {failure.code && (
        <>
          <dt className="text-muted">Code</dt>
          <dd className="min-w-0 font-mono">
            <UntrustedText text={failure.code} />
          </dd>
        </>
      )}
      <dt className="text-muted">Message</dt>
      <dd className="min-w-0 whitespace-pre-wrap">
        <UntrustedText text={failure.message || '(empty response body)'} />
      </dd>
      {details.length > 0 && (
        <>
          <dt className="text-muted">Details</dt>
          <dd className="min-w-0">
            <ul className="list-disc pl-4">
              {details.map((detail, index) => (
                <li key={index} className="whitespace-pre-wrap">
                  {detail.code && (
                    <span className="mr-1 font-mono text-muted">
                      <UntrustedText text={detail.code} />
                    </span>
                  )}
                  <UntrustedText text={detail.message ?? ''} />
                </li>
              ))}
            </ul>
          </dd>
        </>
      )}
    </dl>
  );
}

import type { ReferenceConfig } from '../config.ts';
import type { ReferenceExtension } from '../session-route.ts';
import { faultsExtension } from './faults.ts';
import { firehoseExtension } from './firehose.ts';

/**
 * The rigs the configuration asks for, never in normal use: fault injection for the tests
 * (`REFERENCE_FAULTS=1`) and the firehose for the benchmark (`REFERENCE_FIREHOSE=1`).
 */
export function testRigs(config: ReferenceConfig): ReferenceExtension[] {
  const rigs: ReferenceExtension[] = [];
  if (config.faults) rigs.push(faultsExtension());
  if (config.firehose) rigs.push(firehoseExtension(config.keepaliveMs));
  return rigs;
}

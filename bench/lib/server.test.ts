import { createServer, type AddressInfo } from 'node:net';
import { describe, expect, it } from 'vitest';
import { assertPortFree } from './server.ts';

describe('assertPortFree', () => {
  it('fails, naming the port, while another process listens there, and passes once it is gone', async () => {
    const other = createServer();
    await new Promise<void>((resolve) => other.listen(0, '127.0.0.1', resolve));
    const { port } = other.address() as AddressInfo;
    await expect(assertPortFree('127.0.0.1', port)).rejects.toThrow(
      `port ${port} on 127.0.0.1 is taken by another process`,
    );
    await new Promise<void>((resolve) => other.close(() => resolve()));
    await expect(assertPortFree('127.0.0.1', port)).resolves.toBeUndefined();
  });
});

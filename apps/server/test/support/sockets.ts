import type { AddressInfo } from 'node:net';
import { io as connectSocket, type Socket } from 'socket.io-client';
import type { TestApp } from './app.ts';

/**
 * Realtime clients of a test app (built in beforeAll, hence the getter): `listen` in beforeAll (a free port), `connect` as a person, `subscribe` to a room
 * (answers what the server acknowledged), `join` both at once, `close` in afterAll.
 */
export function testSockets(app: () => TestApp) {
  const sockets: Socket[] = [];
  let port = 0;
  const connect = async (token: string): Promise<Socket> => {
    const socket = connectSocket(`http://127.0.0.1:${port}`, {
      path: '/socket.io',
      auth: { token },
      transports: ['websocket'],
      reconnection: false,
    });
    sockets.push(socket);
    await new Promise<void>((resolve, reject) => {
      socket.once('connect', resolve);
      socket.once('connect_error', reject);
    });
    return socket;
  };
  const subscribe = (socket: Socket, room: string) => new Promise<{ ok: boolean }>((resolve) => socket.emit('subscribe', room, resolve));
  return {
    listen: async () => {
      await app().app.listen({ port: 0, host: '127.0.0.1' });
      port = (app().app.server.address() as AddressInfo).port;
    },
    connect,
    subscribe,
    join: async (token: string, room: string) => {
      const socket = await connect(token);
      return { socket, ok: (await subscribe(socket, room)).ok };
    },
    close: () => sockets.forEach((socket) => socket.disconnect()),
  };
}

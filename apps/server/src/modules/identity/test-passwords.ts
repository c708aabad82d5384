import { randomBytes, scrypt, timingSafeEqual } from 'node:crypto';
import { promisify } from 'node:util';
import { verifyPassword } from 'better-auth/crypto';

// The tests sign thousands of people up and in, and the production cost of scrypt (N=16384, r=16: about 200 ms of a
// core each) was a third of the API tests' time. Under NODE_ENV=test only, new passwords are hashed at a light cost,
// marked as such; anything else is verified by better-auth's own rule. Production never reads this format.
const LIGHT = 'light$';
const deriveKey = promisify(scrypt) as (password: string, salt: string, length: number, options: object) => Promise<Buffer>;
const lightKey = (password: string, salt: string) => deriveKey(password.normalize('NFKC'), salt, 32, { N: 1024, r: 8, p: 1 });

export const testPasswordHashing = {
  async hash(password: string): Promise<string> {
    const salt = randomBytes(16).toString('hex');
    return `${LIGHT}${salt}:${(await lightKey(password, salt)).toString('hex')}`;
  },
  async verify({ hash, password }: { hash: string; password: string }): Promise<boolean> {
    if (!hash.startsWith(LIGHT)) return verifyPassword({ hash, password });
    const [salt, key] = hash.slice(LIGHT.length).split(':');
    if (!salt || !key) return false;
    const expected = Buffer.from(key, 'hex');
    const actual = await lightKey(password, salt);
    return expected.length === actual.length && timingSafeEqual(expected, actual);
  },
};

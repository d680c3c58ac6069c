// The embedded database's folder on a first start: made in a process of its own, and a start
// stopped while it was being made is made again at the next start, never taken for a database.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { migrateDatabase, openDatabase } from '../../server/db/client';
import { organizations } from '../../server/db/schema';
import { testDbKind } from '../helpers/db';

const folders: string[] = [];
afterEach(() => {
  for (const folder of folders.splice(0)) fs.rmSync(folder, { recursive: true, force: true });
});

/** DATA_DIR/db as a server's first start finds it: the folder made, nothing in it yet. */
function databaseFolder(): string {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'risiti-embedded-'));
  folders.push(dataDir);
  const folder = path.join(dataDir, 'db');
  fs.mkdirSync(folder);
  return folder;
}

/** Opens and migrates the folder's database, which must hold nothing yet. */
async function expectNewDatabase(folder: string) {
  const database = await openDatabase({ dataDir: folder });
  try {
    await migrateDatabase(database);
    expect(await database.db.select().from(organizations)).toEqual([]);
  } finally {
    await database.close();
  }
}

describe.runIf(testDbKind() === 'pglite')('the embedded database folder', () => {
  it('is made again after a start stopped while making it', { timeout: 60_000 }, async () => {
    const folder = databaseFolder();
    // What a stopped creation leaves: some of the database's files, and the mark beside them.
    fs.writeFileSync(path.join(folder, 'PG_VERSION'), '17\n');
    fs.mkdirSync(path.join(folder, 'base'));
    fs.writeFileSync(path.join(folder, 'base', 'half-written'), 'x'.repeat(100));
    fs.writeFileSync(`${folder}.creating`, '');

    await expectNewDatabase(folder);
    expect(fs.existsSync(path.join(folder, 'base', 'half-written'))).toBe(false);
    expect(fs.existsSync(`${folder}.creating`)).toBe(false);

    // Opened again, it is the same database: not made a second time.
    const again = await openDatabase({ dataDir: folder });
    try {
      await again.db.insert(organizations).values({
        name: 'Duka la Mama',
        ownerName: 'Mama Asha',
        ownerPhone: '754000111',
        ownerEmail: 'asha@duka.co.tz',
      });
    } finally {
      await again.close();
    }
    const third = await openDatabase({ dataDir: folder });
    try {
      const names = await third.db.select({ name: organizations.name }).from(organizations);
      expect(names).toEqual([{ name: 'Duka la Mama' }]);
    } finally {
      await third.close();
    }
  });

  it("is made in a disk's own folder, beside what the disk and the system keep there", async () => {
    const folder = databaseFolder();
    fs.mkdirSync(path.join(folder, 'lost+found'));
    fs.writeFileSync(path.join(folder, '.DS_Store'), '');
    await expectNewDatabase(folder);
    expect(fs.existsSync(path.join(folder, 'PG_VERSION'))).toBe(true);
    expect(fs.existsSync(path.join(folder, 'lost+found'))).toBe(true);
  });

  it('refuses a folder holding other files, names it, and leaves the files', async () => {
    const folder = databaseFolder();
    fs.writeFileSync(path.join(folder, 'notes.txt'), 'mauzo ya wiki');
    await expect(openDatabase({ dataDir: folder })).rejects.toThrow(
      `The folder ${folder} holds files but no database`,
    );
    expect(fs.readFileSync(path.join(folder, 'notes.txt'), 'utf8')).toBe('mauzo ya wiki');
  });
});

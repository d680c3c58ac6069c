// A fresh, empty local database for each test.
import { db } from '../../../src/db/db';

export async function resetLocalDatabase(): Promise<void> {
  db.close();
  await db.delete();
  await db.open();
}

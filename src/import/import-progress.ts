import { Injectable } from '@nestjs/common';
import { UnitOfWork } from '../database/unit-of-work';
import { ImportProgressEntity } from './entities/import-progress.entity';

/** How far a stage of an unfinished import got. */
export interface StageProgress {
  readonly pagesDone: number;
  readonly finished: boolean;
}

/** The checkpoints of unfinished imports (table `import_progress`), one row per source and stage. */
@Injectable()
export class ImportProgress {
  constructor(private readonly unit: UnitOfWork) {}

  /** The stages of `source` an earlier run started and did not see through to the end. */
  async load(source: string): Promise<Map<string, StageProgress>> {
    const rows = await this.unit.manager.getRepository(ImportProgressEntity).findBy({ source });
    return new Map(rows.map((row) => [row.stage, row]));
  }

  /** Records that `stage` of `source` has `pagesDone` pages written (and whether it is done). */
  async save(source: string, stage: string, pagesDone: number, finished: boolean): Promise<void> {
    await this.unit.run(
      () =>
        this.unit.manager
          .getRepository(ImportProgressEntity)
          .upsert({ source, stage, pagesDone, finished }, ['source', 'stage'])
          .then(() => undefined),
      { leavesListings: true },
    );
  }

  /** Forgets the checkpoints of `source`: its import ran to the end. */
  async clear(source: string): Promise<void> {
    await this.unit.run(
      () =>
        this.unit.manager
          .getRepository(ImportProgressEntity)
          .delete({ source })
          .then(() => undefined),
      { leavesListings: true },
    );
  }
}

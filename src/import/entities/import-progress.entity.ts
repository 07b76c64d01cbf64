import { Column, Entity, PrimaryColumn } from 'typeorm';

/**
 * How far an unfinished import of one source got, per stage (categories, tags, venues,
 * organizers, events): the pages done. A run that stops continues from here; a run that ends
 * deletes its rows, so the next one walks the whole source again.
 */
@Entity('import_progress')
export class ImportProgressEntity {
  @PrimaryColumn({ type: 'varchar', length: 255 })
  source!: string;

  @PrimaryColumn({ type: 'varchar', length: 16 })
  stage!: string;

  @Column({ name: 'pages_done', type: 'int', unsigned: true, default: 0 })
  pagesDone!: number;

  @Column({ type: 'boolean', default: false })
  finished!: boolean;
}

import { Column, Entity, PrimaryGeneratedColumn } from 'typeorm';

/** The kinds of item that share one id space (docs/behaviour.md#ids-and-routes). */
export type PostKind = 'event' | 'venue' | 'organizer';

/**
 * The registry of the shared id space: every event, venue and organizer takes its id from a row
 * here, so one id never names two items, and `kindOf(id)` tells what an id names.
 */
@Entity('posts')
export class PostEntity {
  @PrimaryGeneratedColumn({ type: 'int', unsigned: true })
  id!: number;

  @Column({ type: 'varchar', length: 16 })
  kind!: PostKind;
}

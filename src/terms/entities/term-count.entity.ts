import { Column, Entity, JoinColumn, OneToOne, PrimaryColumn } from 'typeorm';
import { TermEntity } from './term.entity';

/**
 * A term's stored published count: its linked events saved as `publish`, moved by every event
 * write in its transaction, so counts, `orderby=count` and `hide_empty` never count events at
 * read time (scheduled events whose date has passed are added when read, see
 * `TermsRepository.countPublished`). Kept apart from the term's row so that event writes lock
 * only this row: the links' foreign keys take shared locks on the terms' rows, which writers of
 * the same terms then hold together instead of queueing (docs/decisions.md, "Term counts in a
 * table of their own"). Every term has one, made with it.
 */
@Entity('term_counts')
export class TermCountEntity {
  @PrimaryColumn({ name: 'term_id', type: 'int', unsigned: true })
  termId!: number;

  @Column({ name: 'published_count', type: 'int', unsigned: true, default: 0 })
  publishedCount!: number;

  @OneToOne(() => TermEntity, { onDelete: 'CASCADE' })
  @JoinColumn({ name: 'term_id' })
  term?: TermEntity;
}

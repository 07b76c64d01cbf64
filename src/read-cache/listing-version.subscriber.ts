import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import {
  DataSource,
  EntitySubscriberInterface,
  QueryRunner,
  TransactionCommitEvent,
  TransactionRollbackEvent,
  TransactionStartEvent,
} from 'typeorm';
import { changesOf, UnitChanges } from '../database/unit-changes';
import { ReadCache } from './read-cache';
import {
  dayKey,
  eventKey,
  EVERY_ANSWER,
  organizerKey,
  SCHEDULED,
  searchKey,
  termKey,
  venueKey,
  WriteChange,
  WriteTicket,
} from './read-cache.store';

const TICKET = 'readCacheWriteTicket';

function ticketOf(queryRunner: QueryRunner): WriteTicket | undefined {
  const ticket: unknown = queryRunner.data[TICKET];
  return typeof ticket === 'object' && ticket !== null ? (ticket as WriteTicket) : undefined;
}

/**
 * What a committed unit changed of anonymous answers, from its record: nothing (unseen by the
 * public), only what depends on the terms its event was or is filed under or on the event
 * itself (and every answer that is not narrowed), or anything.
 */
export function changeOf(changes: UnitChanges): WriteChange {
  if (changes.unseenByPublic) return 'none';
  if (changes.narrowedTo === undefined) return 'all';
  const keys = [
    EVERY_ANSWER,
    ...[...changes.filedTerms].map(termKey),
    eventKey(changes.narrowedTo),
    ...[...changes.searchPrefixes].map(searchKey),
    ...[...changes.venues].map(venueKey),
    ...[...changes.organizers].map(organizerKey),
    ...[...changes.listingDays].map(dayKey),
  ];
  if (changes.wroteScheduled) keys.push(SCHEDULED);
  const from = changes.listingFrom;
  return from !== undefined ? { keys, from } : { keys };
}

/**
 * Every write of the service runs in a transaction; this subscriber registers each one with the
 * read cache before it starts and ends it after its commit (the outermost level only), so the
 * listing version moves with every change before the writer is answered. A rollback changed
 * nothing and leaves the version alone, and so does a commit of a unit marked as unseen by the
 * public (drafts); a unit marked as one event's own write moves only the keys of the terms it
 * was or is filed under (and every answer not narrowed to terms, and the scheduled events'
 * values if it was or is scheduled), from the earliest listing
 * position it changed (kept list pages ending before it stay); a unit that ends with neither
 * a commit nor a rollback (its commit's outcome unknown) moves everything, in case the commit
 * went in. Units marked as leaving listings alone (background bookkeeping) are not registered.
 */
@Injectable()
export class ListingVersionSubscriber implements EntitySubscriberInterface {
  constructor(
    @InjectDataSource() dataSource: DataSource,
    private readonly cache: ReadCache,
  ) {
    dataSource.subscribers.push(this);
  }

  async beforeTransactionStart(event: TransactionStartEvent): Promise<void> {
    if (ticketOf(event.queryRunner) !== undefined) return;
    // Background bookkeeping (webhooks, the broker, pruning) changes nothing a read shows.
    const queryRunner = event.queryRunner;
    const changes = changesOf(queryRunner);
    if (changes.leavesListings) return;
    queryRunner.data[TICKET] = await this.cache.beginWrite();
    changes.afterUnit = () => this.finish(queryRunner, 'all', false);
  }

  async afterTransactionCommit(event: TransactionCommitEvent): Promise<void> {
    // The cache keeps anonymous answers only: a unit none of them shows leaves them.
    await this.finish(event.queryRunner, changeOf(changesOf(event.queryRunner)), true);
  }

  async afterTransactionRollback(event: TransactionRollbackEvent): Promise<void> {
    await this.finish(event.queryRunner, 'none', false);
  }

  private async finish(
    queryRunner: QueryRunner,
    change: WriteChange,
    committed: boolean,
  ): Promise<void> {
    if (queryRunner.isTransactionActive) return;
    // Its change log positions: this process's once committed; else given back (LogHeadWatch).
    await this.cache.unitEnded(queryRunner, committed);
    const ticket = ticketOf(queryRunner);
    if (ticket === undefined) return;
    delete queryRunner.data[TICKET];
    await this.cache.endWrite(ticket, change);
  }
}

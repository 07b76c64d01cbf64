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
import { AFTER_UNIT, LEAVES_LISTINGS, UNSEEN_BY_PUBLIC } from '../../database/unit-of-work';
import { ReadCache } from './read-cache';
import { WriteTicket } from './read-cache.store';

const TICKET = 'readCacheWriteTicket';

function ticketOf(queryRunner: QueryRunner): WriteTicket | undefined {
  const ticket: unknown = queryRunner.data[TICKET];
  return typeof ticket === 'object' && ticket !== null ? (ticket as WriteTicket) : undefined;
}

/**
 * Every write of the service runs in a transaction; this subscriber registers each one with the
 * read cache before it starts and ends it after its commit (the outermost level only), so the
 * listing version moves with every change before the writer is answered. A rollback changed
 * nothing and leaves the version alone, and so does a commit of a unit marked as unseen by the
 * public (drafts); a unit that ends with neither (its commit's outcome unknown) moves it, in
 * case the commit went in. Units marked as leaving listings alone (background bookkeeping) are
 * not registered.
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
    if (event.queryRunner.data[LEAVES_LISTINGS] === true) return;
    const queryRunner = event.queryRunner;
    queryRunner.data[TICKET] = await this.cache.beginWrite();
    queryRunner.data[AFTER_UNIT] = () => this.finish(queryRunner, true);
  }

  async afterTransactionCommit(event: TransactionCommitEvent): Promise<void> {
    // The cache keeps anonymous answers only: a unit none of them shows leaves them.
    await this.finish(event.queryRunner, event.queryRunner.data[UNSEEN_BY_PUBLIC] !== true);
  }

  async afterTransactionRollback(event: TransactionRollbackEvent): Promise<void> {
    await this.finish(event.queryRunner, false);
  }

  private async finish(queryRunner: QueryRunner, changed: boolean): Promise<void> {
    if (queryRunner.isTransactionActive) return;
    const ticket = ticketOf(queryRunner);
    if (ticket === undefined) return;
    delete queryRunner.data[TICKET];
    await this.cache.endWrite(ticket, changed);
  }
}

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
import { LEAVES_LISTINGS } from '../../database/unit-of-work';
import { ReadCache } from './read-cache';
import { WriteTicket } from './read-cache.store';

const TICKET = 'readCacheWriteTicket';

function ticketOf(queryRunner: QueryRunner): WriteTicket | undefined {
  const ticket: unknown = queryRunner.data[TICKET];
  return typeof ticket === 'object' && ticket !== null ? (ticket as WriteTicket) : undefined;
}

/**
 * Every write of the service runs in a transaction; this subscriber registers each one with the
 * read cache before it starts and after it commits or rolls back (the outermost level only), so
 * the listing version moves with every change and no read keeps an answer made while a write was
 * in flight. Units marked as leaving listings alone (background bookkeeping) are not registered.
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
    event.queryRunner.data[TICKET] = await this.cache.beginWrite();
  }

  async afterTransactionCommit(event: TransactionCommitEvent): Promise<void> {
    await this.finish(event.queryRunner);
  }

  async afterTransactionRollback(event: TransactionRollbackEvent): Promise<void> {
    await this.finish(event.queryRunner);
  }

  private async finish(queryRunner: QueryRunner): Promise<void> {
    if (queryRunner.isTransactionActive) return;
    const ticket = ticketOf(queryRunner);
    if (ticket === undefined) return;
    delete queryRunner.data[TICKET];
    await this.cache.endWrite(ticket);
  }
}

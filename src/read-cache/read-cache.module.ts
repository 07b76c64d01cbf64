import { Global, Module } from '@nestjs/common';
import { ListingVersionSubscriber } from './listing-version.subscriber';
import { ReadCache } from './read-cache';

/** The read cache and the subscriber that moves its listing version with every write. */
@Global()
@Module({
  providers: [ReadCache, ListingVersionSubscriber],
  exports: [ReadCache],
})
export class ReadCacheModule {}

import { Global, Module } from '@nestjs/common';
import { PostRegistry } from './post-registry';

/** The shared id space of events, venues and organizers. */
@Global()
@Module({ providers: [PostRegistry], exports: [PostRegistry] })
export class PostsModule {}

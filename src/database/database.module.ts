import { Module } from '@nestjs/common';
import { TypeOrmModule } from '@nestjs/typeorm';
import { AppConfig } from '../config/app-config';
import { resolveDataSourceOptions, withReplicas } from './data-source.options';
import { RoutingDataSource } from './read-routing';
import { PostsModule } from './posts/posts.module';

/** The database connection (and its read replicas), from the validated configuration. */
@Module({
  imports: [
    TypeOrmModule.forRootAsync({
      inject: [AppConfig],
      useFactory: async (config: AppConfig) =>
        withReplicas(await resolveDataSourceOptions(config), config.DATABASE_REPLICA_URLS),
      // Reads of GET requests go to the replicas, if any (read-routing.ts).
      dataSourceFactory: async (options) => {
        if (!options) throw new Error('No database options');
        return new RoutingDataSource(options).initialize();
      },
    }),
    PostsModule,
  ],
})
export class DatabaseModule {}

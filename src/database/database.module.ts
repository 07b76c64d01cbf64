import { Injectable, Module } from '@nestjs/common';
import { InjectDataSource, TypeOrmModule } from '@nestjs/typeorm';
import { DataSource } from 'typeorm';
import { AppConfig } from '../config/app-config';
import { resolveDataSourceOptions, withReplicas } from './data-source.options';
import { RoutingDataSource } from './read-routing';
import { PostsModule } from './posts/posts.module';
import { boundStatementTime, QueryCancellation } from './statement-deadline';

/** Bounds every statement of the app's pools by the request deadline (statement-deadline.ts). */
@Injectable()
class StatementDeadline {
  constructor(@InjectDataSource() dataSource: DataSource, config: AppConfig) {
    boundStatementTime(dataSource, config.REQUEST_TIMEOUT_MS);
  }
}

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
  providers: [StatementDeadline, QueryCancellation],
  exports: [QueryCancellation],
})
export class DatabaseModule {}

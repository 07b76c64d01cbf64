import { Global, Module } from '@nestjs/common';
import { APP_GUARD } from '@nestjs/core';
import { AccessGuard } from './access.guard';
import { TokenVerifier } from './tokens/token-verifier';

/** Verifies credentials on every route and gives each request its viewer. */
@Global()
@Module({
  providers: [TokenVerifier, { provide: APP_GUARD, useClass: AccessGuard }],
  exports: [TokenVerifier],
})
export class AccessModule {}

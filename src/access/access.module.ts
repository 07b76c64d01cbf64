import { Module } from '@nestjs/common';
import { APP_GUARD } from '@nestjs/core';
import { AccessGuard } from './access.guard';

/** Registers the access guard for every route. */
@Module({ providers: [{ provide: APP_GUARD, useClass: AccessGuard }] })
export class AccessModule {}

#!/usr/bin/env node
// The `stack-analyzer` command (package.json "bin", and `npm run cli`): the TypeScript sources run as
// they are, through tsx's loader, so a checkout needs no build step.
import { register } from 'tsx/esm/api';

register();
const { main } = await import('./cli.ts');
await main();

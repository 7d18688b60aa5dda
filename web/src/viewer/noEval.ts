/**
 * Imported first by the viewer's page and worker, so that it runs before any module that builds
 * or uses a zod schema: zod compiles its parsers with `new Function` when it may, and its probe
 * for that is itself reported as a violation under the viewer's CSP, which has no 'unsafe-eval'.
 */
import { z } from 'zod';

z.config({ jitless: true });

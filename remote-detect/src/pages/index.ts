import { definePages } from '@console/shared';
import manifest from './manifest.json';

/**
 * This remote's pages, declared once in manifest.json: its webpack exposes, its dev routes, the
 * host's routes and the monolith build all come from there. Page `<Name>` is `./<Name>.tsx`.
 */
export const pages = definePages(manifest, (name) => import(/* webpackInclude: /Page\.tsx$/ */ `./${name}.tsx`));

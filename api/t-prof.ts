import { PGlite } from '@electric-sql/pglite'
let t = Date.now()
const a = await PGlite.create(); console.log('create', Date.now() - t); t = Date.now()
await a.exec('create table x(a int)')
const dump = await a.dumpDataDir('none'); console.log('dump', Date.now() - t, dump.size); t = Date.now()
await a.close()
const b = await PGlite.create({ loadDataDir: dump }); console.log('load', Date.now() - t); t = Date.now()
console.log((await b.query('select count(*) from x')).rows)
const c = await PGlite.create({ loadDataDir: dump }); console.log('load2', Date.now() - t); t = Date.now()

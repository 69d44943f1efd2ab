// The last step of `npm run build`: dist/ is now built from the sources as they stand.
import { sellar } from './ensure-built.mjs'

sellar()

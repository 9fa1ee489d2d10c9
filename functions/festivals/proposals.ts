// A proposal is stored by the festivals domain (who may propose, the duplicate check, the cap of
// pending proposals); the festivals app's POST route imports it from here.
export { proposeFestival } from '../lib/domain/festivals/propose-festival';

import { paths } from '../../app/paths';

/** The address of one run's screen. */
export const runPath = (id: string) => paths.run.replace(':id', id);

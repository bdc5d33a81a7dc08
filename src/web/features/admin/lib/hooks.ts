export { useDebouncedValue } from '../../../lib/use-debounced-value';

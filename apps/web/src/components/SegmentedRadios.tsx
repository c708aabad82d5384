import { useId } from 'react';
import classes from './SegmentedRadios.module.css';

type Option<T extends string> = { value: T; label: string };

/**
 * A choice of a few options drawn as one segmented bar: native radios, styled by CSS alone. The component library's
 * segmented control measures its options to slide an indicator under the chosen one; on Home that measurement forced
 * the whole page's first layout in the middle of the first render (a third of the blocking time of Lighthouse's
 * mobile run).
 */
export function SegmentedRadios<T extends string>(props: {
  label: string;
  data: readonly Option<T>[];
  value: T;
  onChange: (value: T) => void;
  className?: string;
}) {
  const name = useId();
  return (
    <div role="radiogroup" aria-label={props.label} className={[classes.root, props.className].filter(Boolean).join(' ')}>
      {props.data.map((option) => (
        <label key={option.value} className={classes.option}>
          <input
            type="radio"
            className={classes.input}
            name={name}
            value={option.value}
            checked={props.value === option.value}
            onChange={() => props.onChange(option.value)}
          />
          <span className={classes.segment}>{option.label}</span>
        </label>
      ))}
    </div>
  );
}

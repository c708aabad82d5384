import type { LoaderStyle } from '@crewplan/domain/shared/constants';
import classes from './loaders.module.css';

/** The four loader styles of the spec as small CSS animations (decorative: callers announce the state). */
export function LoaderAnimation({ style }: { style: LoaderStyle }) {
  return (
    <div className={classes.frame} aria-hidden="true" data-loader={style}>
      {style === 'bar' && <div className={classes.bar} />}
      {style === 'pacman' && (
        <>
          <div className={classes.pacman} />
          <div className={classes.dots}>
            <span />
            <span />
            <span />
          </div>
        </>
      )}
      {style === 'rings' && <div className={classes.rings} />}
      {style === 'rise' && (
        <div className={classes.rise}>
          <span />
          <span />
          <span />
          <span />
          <span />
        </div>
      )}
    </div>
  );
}

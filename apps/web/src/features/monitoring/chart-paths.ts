import uPlot from 'uplot';

/** A KNX value holds until the next telegram: steps drawn at each new value. */
export const steppedPath: uPlot.Series.PathBuilder = uPlot.paths.stepped!({ align: 1 });

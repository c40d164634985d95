import { Link as RouterLink } from 'react-router';
import Link from '@mui/material/Link';
import Typography from '@mui/material/Typography';
import type { ActivityEntry } from '@atrium/contracts/activity';
import { targetPath } from './activity-format';

/** The target's name: a link while its project or gateway still exists. */
export function ActivityTarget({ entry }: { entry: ActivityEntry }) {
  const path = targetPath(entry);
  const name = entry.target.name || entry.target.id;
  if (path) {
    return (
      <Link component={RouterLink} to={path} sx={{ overflowWrap: 'anywhere', fontWeight: 500 }}>
        {name}
      </Link>
    );
  }
  return (
    <Typography component="span" variant="body2" sx={{ overflowWrap: 'anywhere' }}>
      {name}
    </Typography>
  );
}

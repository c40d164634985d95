import { z } from 'zod';
import type { Favorite } from '@atrium/contracts/graph';
import { MONITORING_LIMITS } from '@atrium/contracts/monitoring';
import { AppError } from '../../lib/errors';
import type { FavoritesRepository } from './favorites.repository';

const storedList = z.array(z.string());

/** Graph favorites of a project: a named selection of measurements with its display string. */
export class FavoritesService {
  constructor(private readonly repo: FavoritesRepository) {}

  async list(projectId: string): Promise<Favorite[]> {
    const rows = await this.repo.list(projectId);
    return rows.map((r) => ({
      name: r.name,
      list: storedList.parse(JSON.parse(r.list)),
      display: r.display,
    }));
  }

  /**
   * Saves a favorite (document 2 §5): a name (nameNotChosen) and at least one
   * address (noAddressSelected); an existing name needs `overwrite`, which the
   * console sets once the user confirmed (409 favoriteAlreadyExists otherwise).
   */
  async add(projectId: string, fav: Favorite, overwrite = false): Promise<Favorite[]> {
    const name = fav.name.trim();
    if (!name) throw new AppError('nameNotChosen', 'Name the favorite');
    const list = [...new Set(fav.list.map((m) => m.trim()))];
    if (list.length === 0) throw new AppError('noAddressSelected', 'Select an address');
    const exists = await this.repo.exists(projectId, name);
    if (exists && !overwrite) {
      throw new AppError('favoriteAlreadyExists', `A favorite is named ${name}`);
    }
    if (!exists && (await this.repo.count(projectId)) >= MONITORING_LIMITS.favoritesMax) {
      throw new AppError('validation', `At most ${MONITORING_LIMITS.favoritesMax} favorites`);
    }
    await this.repo.upsert({
      project_id: projectId,
      name,
      list: JSON.stringify(list),
      display: fav.display,
      updated_at: Date.now(),
    });
    return this.list(projectId);
  }

  /** Removes a favorite by name; 404 favoriteNotFound when there is none. */
  async remove(projectId: string, name: string): Promise<Favorite[]> {
    if (!(await this.repo.delete(projectId, name.trim()))) {
      throw new AppError('favoriteNotFound', `No favorite is named ${name}`);
    }
    return this.list(projectId);
  }
}

// This remote's own page, for its team's dev server. The shell never loads this file.
import { apiSettingsSchema, configureApi } from '@agri/api-client';
import { startStandalone } from '@agri/ui/standalone';
import { routes } from './routes';

void startStandalone('backoffice', routes, (config) => configureApi(apiSettingsSchema.parse(config)));

/** The users read model is the kit's (one copy for every service that keeps identity's users). */
export { UserReadModelRepository as UserRepository, type UserFact } from '@midway/service-kit';

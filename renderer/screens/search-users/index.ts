export { UserSearch, USER_SEARCH_GRID, searchable, userSearchFilters, type UserSearchProps, type UserSearchQuery } from './user-search.js';
export { AgencyArchivesModal, type AgencyArchivesModalProps } from './agency-archives-modal.js';
export { SearchUsersScreen } from './search-users-screen.js';
export { usePeopleFinder, type Mode as PeopleSearchMode, type PeopleFinder } from './people-finder.js';

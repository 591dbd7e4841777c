import { Link } from '../../../lib/router';
import { isStaff, staffAdminHome } from '@shop/shared/domain/permissions';
import { authText } from '@shop/shared/messages-auth';
import { profileEditText } from '@shop/shared/messages-orders';
import type { Profile } from '@shop/shared/schemas/auth';
import '../auth.css';

const initials = (name: string, email: string) =>
  (
    name
      .split(/\s+/)
      .filter(Boolean)
      .slice(0, 2)
      .map((w) => w[0])
      .join('') ||
    email[0] ||
    '?'
  ).toUpperCase();

/** The account card of /profile: name, email and role. */
export function ProfileDetails({ profile }: { profile: Profile }) {
  const isAdmin = profile.role === 'admin';
  const isStaffMember = isStaff(profile);
  return (
    <section className="card profile-card" aria-labelledby="profile-details-title">
      <h2 id="profile-details-title" className="visually-hidden">
        {authText.profileDetails}
      </h2>
      <div className="profile-head">
        <span className="profile-avatar" aria-hidden="true">
          {initials(profile.name, profile.email)}
        </span>
        <div className="profile-ident">
          <p className="profile-name">{profile.name}</p>
          <p className="profile-email">{profile.email}</p>
        </div>
        <span className={`profile-role${isAdmin || isStaffMember ? ' is-admin' : ''}`}>
          {isAdmin ? authText.roleAdmin : isStaffMember ? authText.roleStaff : authText.roleUser}
        </span>
      </div>
      <dl className="profile-facts">
        <div>
          <dt>{authText.fullName}</dt>
          <dd>{profile.name}</dd>
        </div>
        <div>
          <dt>{authText.email}</dt>
          <dd>{profile.email}</dd>
        </div>
        <div>
          <dt>{profileEditText.phone}</dt>
          <dd>{profile.phone ?? profileEditText.noPhone}</dd>
        </div>
        <div>
          <dt>{profileEditText.deliveryLegend}</dt>
          <dd>
            {profile.delivery
              ? `${profile.delivery.fullName}, ${profile.delivery.address}, ${profile.delivery.city}`
              : profileEditText.noDelivery}
          </dd>
        </div>
      </dl>
      {(isAdmin || isStaffMember) && (
        <p className="profile-links">
          <Link to="/warranty" className="btn btn-outline btn-sm">
            {authText.toWarranty}
          </Link>
          <Link to={isAdmin ? '/admin' : staffAdminHome} className="btn btn-outline btn-sm">
            {authText.toAdmin}
          </Link>
        </p>
      )}
    </section>
  );
}
